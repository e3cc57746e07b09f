-- wrk script: durable write through Patio (PATCH /api/v1/me), token from the environment.
wrk.method = "PATCH"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("PATIO_TOKEN")
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"name":"Bench ' .. n .. '"}')
end

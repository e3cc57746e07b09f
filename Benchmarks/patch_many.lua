-- wrk script: durable writes through Patio (PATCH /api/v1/me) by several people at once, each changing their
-- own profile; tokens, comma-separated, from the environment.
local tokens = {}
for token in string.gmatch(os.getenv("PATIO_TOKENS"), "[^,]+") do tokens[#tokens + 1] = token end
local n = 0
request = function()
  n = n + 1
  local headers = { ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1], ["Content-Type"] = "application/json" }
  return wrk.format("PATCH", nil, headers, '{"name":"Bench ' .. n .. '"}')
end

-- wrk script: authenticated read (GET /api/v1/me), token from the environment.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("PATIO_TOKEN")

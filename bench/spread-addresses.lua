-- wrk's requests, spread over 4,096 client addresses of the range reserved for benchmarks
-- (198.18.0.0/15) in X-Forwarded-For (see bench/load.ts). The paths given after `--` are asked in
-- turn; without any, the URL's own. Each request is formatted once, at the start of each of wrk's
-- threads: sending one is a table lookup. At the end it prints the 95th percentile of the latency,
-- which wrk's report leaves out.
local ADDRESSES = 4096
local formatted = {}
local sent = 0

function init(args)
  for n = 0, ADDRESSES - 1 do
    wrk.headers["X-Forwarded-For"] = string.format("198.18.%d.%d", math.floor(n / 256), n % 256)
    local path = nil
    if #args > 0 then path = args[(n % #args) + 1] end
    formatted[n] = wrk.format(nil, path)
  end
end

function request()
  sent = (sent + 1) % ADDRESSES
  return formatted[sent]
end

function done(summary, latency, requests)
  io.write(string.format("95%% latency: %.0fus\n", latency:percentile(95)))
end

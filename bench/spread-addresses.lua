-- wrk's requests, spread over 4,096 client addresses of the range reserved for benchmarks
-- (198.18.0.0/15) in X-Forwarded-For (see bench/load.ts). Each request is formatted once, at the
-- start of each of wrk's threads; sending one is a table lookup.
local ADDRESSES = 4096
local requests = {}
local sent = 0

function init(args)
  for n = 0, ADDRESSES - 1 do
    wrk.headers["X-Forwarded-For"] = string.format("198.18.%d.%d", math.floor(n / 256), n % 256)
    requests[n] = wrk.format()
  end
end

function request()
  sent = (sent + 1) % ADDRESSES
  return requests[sent]
end

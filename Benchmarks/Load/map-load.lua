-- wrk script for map-load.sh: POSTs one /map request body (MAP_BODY) over and over and reports
-- requests/s, latency percentiles and errors, counting a 200 response whose envelope is not
-- SUCCESS as an error too.
wrk.method = "POST"
wrk.body = os.getenv("MAP_BODY")
wrk.headers["Content-Type"] = "application/json"

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  protocol_errors = 0
end

function response(status, headers, body)
  if status == 200 and not string.find(body, '"outcome":"SUCCESS"', 1, true) then
    protocol_errors = protocol_errors + 1
  end
end

function done(summary, latency, requests)
  local protocol = 0
  for _, t in ipairs(threads) do protocol = protocol + t:get("protocol_errors") end
  local e = summary.errors
  local socket = e.connect + e.read + e.write + e.timeout
  io.write(string.format("requests=%d\n", summary.requests))
  io.write(string.format("requests_per_s=%.1f\n", summary.requests / (summary.duration / 1e6)))
  io.write(string.format("p50_ms=%.3f\n", latency:percentile(50) / 1000))
  io.write(string.format("p99_ms=%.3f\n", latency:percentile(99) / 1000))
  io.write(string.format("max_ms=%.3f\n", latency.max / 1000))
  io.write(string.format("errors=%d (socket=%d non_2xx=%d protocol_ERROR=%d)\n",
    socket + e.status + protocol, socket, e.status, protocol))
end

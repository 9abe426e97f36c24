-- wrk script for abuse.sh: POST /map round-robin over a mix of engines and selectors on the sample
-- app (every body must answer SUCCESS), counting any other envelope as an error.
local bodies = {
  '{"query":"view marked:\'Log In\'","selector_engine":"shelley","operation":{"method_name":"FEX_accessibilityLabel","arguments":[]}}',
  '{"query":"tableViewCell label","selector_engine":"shelley","operation":{"method_name":"accessibilityLabel","arguments":[]}}',
  '{"query":"button marked:\'Delete\' parent tableViewCell","selector_engine":"shelley_compat","operation":{"method_name":"class","arguments":[]}}',
  '{"query":"view:\'UISwitch\'","selector_engine":"shelley_compat","operation":{"method_name":"isOn","arguments":[]}}',
  '{"query":"tableView tableViewCell last","selector_engine":"uiquery","operation":{"method_name":"frame","arguments":[]}}',
  '{"query":"label marked:\'Sign in\'","operation":{"method_name":"accessibilityLabel","arguments":[]}}',
  '{"query":"/^(Wi-Fi|Bluetooth|Sounds)$/","selector_engine":"regex","operation":{"method_name":"accessibilityLabel","arguments":[]}}',
  '{"query":"UITableViewCell UILabel /^[A-Z]\\\\w+$/i","selector_engine":"regex","operation":{"method_name":"accessibilityLabel","arguments":[]}}',
}
local n = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  protocol_errors = 0
  n = math.random(#bodies)
end

function request()
  n = n % #bodies + 1
  return wrk.format("POST", "/map", {["Content-Type"] = "application/json"}, bodies[n])
end

function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"outcome":"SUCCESS"', 1, true) then
    protocol_errors = protocol_errors + 1
    if protocol_errors <= 3 then io.stderr:write("unexpected response " .. status .. ": " .. string.sub(body, 1, 200) .. "\n") end
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
  io.write(string.format("errors=%d (socket=%d non_2xx=%d not_SUCCESS=%d)\n",
    socket + e.status + protocol, socket, e.status, protocol))
end

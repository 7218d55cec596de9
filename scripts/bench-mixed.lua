-- wrk script for `make bench`: GET /api/players, or with the share given as the script's
-- argument (a percentage) a write: half adds, half removals of a player this thread added.
local threads = {}

function setup(thread)
  thread:set("index", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  share = tonumber(args[1]) or 10
  writes, failures, ids, added = 0, 0, {}, 0
end

-- A team holds at most 200 players: each thread keeps at most `kept` of those it added (and
-- its connections' adds in flight), so that the first team never fills.
local kept = 40

function request()
  local roll = math.random() * 100
  if roll < share then
    if #ids == 0 or (roll < share / 2 and #ids < kept) then
      added = added + 1
      return wrk.format("POST", "/api/players", {["Content-Type"] = "application/json"},
        string.format('{"name":"M%d-%d","position":"Mid"}', index, added))
    end
    return wrk.format("DELETE", "/api/players/" .. table.remove(ids))
  end
  return wrk.format("GET", "/api/players")
end

function response(status, headers, body)
  if status == 201 then
    writes = writes + 1
    ids[#ids + 1] = body:match('"id":"([^"]+)"')
  elseif status == 204 then
    writes = writes + 1
  elseif status ~= 200 then
    failures = failures + 1
  end
end

function done(summary, latency, requests)
  local total, failed = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("writes")
    failed = failed + thread:get("failures")
  end
  io.write(string.format("writes: %d\nfailures: %d\n", total, failed))
end

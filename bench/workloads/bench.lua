-- bench.lua -- a CPU-heavy Lua workload for pathprof's benchmark harness.
--
-- Usage: lua bench.lua [SCALE]
--
-- Classic small kernels, each stressing a different part of the
-- interpreter (calls, tables, strings and patterns, floats, closures and
-- sort, coroutines).  Each prints one checksum line, so the output of
-- every build of the interpreter can be compared with the plain build's.
-- SCALE (default 1) multiplies the work.

local scale = tonumber(arg and arg[1]) or 1

local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

local function sieve(n)
  local composite, count = {}, 0
  for i = 2, n do
    if not composite[i] then
      count = count + 1
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return count
end

local function strings(n)
  local parts, total = {}, 0
  for i = 1, n do
    parts[#parts + 1] = string.format("%d:%x:%s", i, i * 7, tostring(i % 97))
    if #parts == 64 then
      local s = table.concat(parts, ",")
      for a, b in s:gmatch("(%d+):(%x+)") do total = total + #a + #b end
      s = s:gsub("%d%d", function(d) return d:reverse() end)
      total = total + #s + (s:find("99", 1, true) or 0)
      parts = {}
    end
  end
  return total
end

local function mandelbrot(size)
  local inside = 0
  for y = 0, size - 1 do
    local ci = 2.0 * y / size - 1.0
    for x = 0, size - 1 do
      local cr = 2.0 * x / size - 1.5
      local zr, zi, k = 0.0, 0.0, 0
      while k < 50 and zr * zr + zi * zi < 4.0 do
        zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
        k = k + 1
      end
      if k == 50 then inside = inside + 1 end
    end
  end
  return inside
end

local function sorting(n)
  local seed, t = 42, {}
  local function random()
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed
  end
  for i = 1, n do t[i] = { key = random() % 100000, id = i } end
  table.sort(t, function(a, b)
    if a.key ~= b.key then return a.key < b.key end
    return a.id < b.id
  end)
  local sum = 0
  for i = 1, n, 97 do sum = (sum + t[i].key * i) % 1000000007 end
  return sum
end

local function objects(n)
  local Point = {}
  Point.__index = Point
  function Point.new(x, y) return setmetatable({ x = x, y = y }, Point) end
  function Point.__add(a, b) return Point.new(a.x + b.x, a.y + b.y) end
  function Point:norm1() return math.abs(self.x) + math.abs(self.y) end
  local acc = Point.new(0, 0)
  for i = 1, n do
    acc = acc + Point.new(i % 13 - 6, i % 7 - 3)
    if acc:norm1() > 1000 then acc = Point.new(0, 0) end
  end
  return acc.x * 10000 + acc.y
end

local function generators(n)
  local function gen(limit)
    return coroutine.wrap(function()
      for i = 1, limit do coroutine.yield(i * i % 1009) end
    end)
  end
  local total = 0
  for round = 1, n do
    for v in gen(100) do total = total + v end
  end
  return total
end

print("fib", fib(27 + (scale > 1 and 1 or 0)))
for r = 1, scale do
  print("sieve", sieve(2000000))
  print("strings", strings(200000))
  print("mandelbrot", mandelbrot(400))
  print("sort", sorting(150000))
  print("objects", objects(1000000))
  print("generators", generators(3000))
end

-- train.lua -- a training input for the Lua interpreter, unlike
-- bench.lua on purpose: the paper's Table 3 (bench/paper-tables.sh) and
-- profile-trained builds measure how well one input predicts another,
-- which an input that repeats the measured one would flatter.
--
-- Usage: lua train.lua [SCALE]
--
-- Text processing, a small JSON-like encoder, an object-oriented queue
-- with metatables, integer arithmetic, varargs and error handling: some
-- of bench.lua's interpreter paths, many of its own.  Prints one
-- checksum line per part.

local scale = tonumber(arg and arg[1]) or 1

local function words(n)
  local text = {}
  for i = 1, n do
    text[#text + 1] = (i % 3 == 0 and "Fizz" or "") .. (i % 5 == 0 and "Buzz" or "")
    if text[#text] == "" then text[#text] = tostring(i) end
  end
  local s = table.concat(text, " ")
  local counts = {}
  for w in s:gmatch("%a+") do counts[w] = (counts[w] or 0) + 1 end
  local up = s:upper():len() + select(2, s:gsub("Fizz", "F"))
  return (counts.Fizz or 0) + (counts.Buzz or 0) * 3 + (counts.FizzBuzz or 0) * 7 + up
end

local function encode(v, out)
  local t = type(v)
  if t == "table" then
    if #v > 0 then
      out[#out + 1] = "["
      for i = 1, #v do
        if i > 1 then out[#out + 1] = "," end
        encode(v[i], out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        out[#out + 1] = string.format("%q:", k)
        encode(v[k], out)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then
    out[#out + 1] = string.format("%q", v)
  elseif t == "boolean" or t == "nil" then
    out[#out + 1] = tostring(v)
  else
    out[#out + 1] = math.type(v) == "integer" and string.format("%d", v)
                    or string.format("%.3f", v)
  end
end

local function documents(n)
  local total = 0
  for i = 1, n do
    local doc = { id = i, name = "item" .. i, ok = i % 2 == 0,
                  tags = { "a", "b", i % 7 }, price = i / 8,
                  nested = { depth = { i, { i * 2 } } } }
    local out = {}
    encode(doc, out)
    total = total + #table.concat(out)
  end
  return total
end

local Queue = {}
Queue.__index = Queue
function Queue.new() return setmetatable({ first = 1, last = 0, items = {} }, Queue) end
function Queue:push(v) self.last = self.last + 1; self.items[self.last] = v end
function Queue:pop()
  if self.first > self.last then return nil end
  local v = self.items[self.first]
  self.items[self.first] = nil
  self.first = self.first + 1
  return v
end

local function queues(n)
  local q, sum = Queue.new(), 0
  for i = 1, n do
    q:push(i)
    if i % 3 == 0 then sum = sum + q:pop() end
  end
  local v = q:pop()
  while v do sum = sum + v; v = q:pop() end
  return sum
end

local function gcds(n)
  local sum = 0
  for a = 1, n do
    local x, y = a * 7919, a * 104729 % 1000003 + 1
    while y ~= 0 do x, y = y, x % y end
    sum = sum + x + (a // 3) - (a % 11)
  end
  return sum
end

local function varargs(...)
  local n, total = select("#", ...), 0
  for i = 1, n do
    local ok, v = pcall(function(x)
      if x % 13 == 0 then error("thirteen") end
      return x * 2
    end, (select(i, ...)))
    total = total + (ok and v or 1)
  end
  return total
end

local function errors(n)
  local total = 0
  for i = 1, n do total = total + varargs(i, i + 1, i + 2, i + 13) end
  return total
end

print("words", words(20000 * scale))
print("documents", documents(3000 * scale))
print("queues", queues(200000 * scale))
print("gcds", gcds(100000 * scale))
print("errors", errors(20000 * scale))

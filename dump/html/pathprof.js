/* pathprof HTML report: the script of every page.  Tables sort by the
   column whose header is chosen; a chosen path (click, or Enter on a
   focused row) is highlighted on the source (its lines, and its branch
   outcomes as badges at their lines) and on the CFG picture.  Esc or
   Clear clears it.  "#path=ID" in the address chooses a path on load;
   "#test-click=ID" clicks one and writes what it lit into
   <pre id="pp-test-result">, for the browser test
   (dump/tests/html-browser.sh); "#test-key=ID" chooses it with Enter,
   then clears with Esc.  No network.  */
(function () {
  'use strict';
  var doc = document;
  function all(selector, root) {
    return Array.prototype.slice.call((root || doc).querySelectorAll(selector));
  }

  /* Sortable tables: numbers hottest first on the first choice, text A-Z.  */
  all('table.sortable').forEach(function (table) {
    all('th[data-sort]', table).forEach(function (th) {
      th.tabIndex = 0;
      function sort() {
        var numeric = th.getAttribute('data-sort') === 'num';
        var now = th.getAttribute('aria-sort');
        var descending = now ? now === 'ascending' : numeric;
        var body = table.tBodies[0], col = th.cellIndex;
        var rows = Array.prototype.slice.call(body.rows);
        function key(row) {
          var cell = row.cells[col];
          var v = cell.getAttribute('data-v');
          if (v === null) v = cell.textContent;
          return numeric ? parseFloat(v) || 0 : v.toLowerCase();
        }
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          var c = x < y ? -1 : x > y ? 1 : 0;
          return descending ? -c : c;
        });
        rows.forEach(function (row) { body.appendChild(row); });
        all('th[aria-sort]', table).forEach(function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sort(); }
      });
    });
  });

  var dataElement = doc.getElementById('pp-data');
  if (!dataElement) return;
  var paths = JSON.parse(dataElement.textContent).paths;
  var chosenBox = doc.getElementById('chosen');
  var svg = doc.querySelector('#cfg svg');
  var current = null;
  /* The picture's nodes by name ("b5", "entry"): Graphviz gives the node
     named NAME the id NAME when the DOT says so, and a <title> NAME
     always.  */
  var nodes = {};
  if (svg) all('g.node', svg).forEach(function (g) {
    var title = g.querySelector('title');
    if (title) nodes[title.textContent] = g;
    if (g.id) nodes[g.id] = nodes[g.id] || g;
  });

  function clear() {
    all('.on-path').forEach(function (e) { e.classList.remove('on-path'); });
    all('.badge').forEach(function (b) { b.parentNode.removeChild(b); });
    all('tr.path.selected').forEach(function (row) {
      row.classList.remove('selected');
      row.setAttribute('aria-pressed', 'false');
    });
    if (svg) {
      svg.classList.remove('pp-active');
      all('.pp-on', svg).forEach(function (e) { e.classList.remove('pp-on'); });
    }
    doc.body.classList.remove('path-chosen');
    if (chosenBox) chosenBox.hidden = true;
    current = null;
  }

  /* Light the CFG edges of P on the picture: edges "eS_D" (and "eS_D_N"
     for parallel ones), and the coloured copy of a path the picture
     draws ("pathK").  */
  function lightPicture(p) {
    svg.classList.add('pp-active');
    p.blocks.forEach(function (b) {
      var node = nodes['b' + b];
      if (node) node.classList.add('pp-on');
    });
    var wanted = {};
    p.edges.forEach(function (e) { wanted['e' + e[0] + '_' + e[1]] = true; });
    all('g.edge', svg).forEach(function (g) {
      var m = /^(e\d+_\d+)(_\d+)?$/.exec(g.id);
      if (m && wanted[m[1]]) g.classList.add('pp-on');
      if (g.classList.contains('path' + p.rank)) g.classList.add('pp-on');
    });
    p.edges.forEach(function (e) {
      if (e[0] === 0 && nodes.entry) nodes.entry.classList.add('pp-on');
      if (e[1] === 1 && nodes.exit) nodes.exit.classList.add('pp-on');
    });
  }

  function choose(id, scroll) {
    var p = paths[id];
    if (!p) return;
    if (current === id) { clear(); return; }
    clear();
    current = id;
    doc.body.classList.add('path-chosen');
    var row = doc.querySelector('tr.path[data-path="' + id + '"]');
    if (row) {
      row.classList.add('selected');
      row.setAttribute('aria-pressed', 'true');
    }
    var first = null;
    p.lines.forEach(function (n) {
      var line = doc.getElementById('L' + n);
      if (!line) return;
      line.classList.add('on-path');
      if (!first || n < first.n) first = { n: n, row: line };
    });
    p.out.forEach(function (o) {
      var line = doc.getElementById('L' + o[0]);
      var cell = line && line.querySelector('td.code');
      if (!cell) return;
      var badge = doc.createElement('span');
      badge.className = 'badge';
      badge.textContent = o[1];
      cell.appendChild(badge);
    });
    if (svg) lightPicture(p);
    if (chosenBox && row) {
      var steps = row.querySelector('.steps');
      var section = row.closest('section.fn');
      var heading = section && section.querySelector('h3 a');
      chosenBox.querySelector('.what').textContent = (heading ? heading.textContent + ' ' : '')
        + 'path #' + p.rank + ', run ' + p.count + ' times'
        + (p.time ? ', ' + p.time + ' (' + p.time_per_exec + ' per run)' : '')
        + ': ' + (steps ? steps.textContent : '');
      chosenBox.hidden = false;
    }
    if (scroll && first)
      window.scrollTo(0, Math.max(0, first.row.getBoundingClientRect().top
                                     + window.pageYOffset - window.innerHeight / 3));
    if (history.replaceState) history.replaceState(null, '', '#path=' + id);
  }

  doc.addEventListener('click', function (ev) {
    var row = ev.target.closest && ev.target.closest('tr.path[data-path]');
    if (row && !ev.target.closest('a')) choose(row.getAttribute('data-path'), false);
  });
  doc.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { clear(); return; }
    var t = ev.target;
    if ((ev.key === 'Enter' || ev.key === ' ') && t.matches && t.matches('tr.path[data-path]')) {
      ev.preventDefault();
      choose(t.getAttribute('data-path'), false);
    }
  });
  var clearButton = doc.getElementById('clear');
  if (clearButton) clearButton.addEventListener('click', function (ev) {
    ev.stopPropagation();
    clear();
  });

  /* The browser test: click the row of ID as a reader would, then say
     what is lit.  */
  function runTest(id, byKey) {
    var result = [];
    var row = doc.querySelector('tr.path[data-path="' + id + '"]');
    if (!row) {
      result.push('error=no path row ' + id);
    } else {
      if (byKey) {
        row.focus();
        row.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      } else {
        row.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      }
      var lit = all('table.src tr.on-path').map(function (tr) { return tr.id.slice(1); });
      var plain = all('table.src tr[id]:not(.on-path)');
      result.push('selected=' + row.classList.contains('selected'));
      result.push('highlighted=' + lit.join(' '));
      result.push('not-highlighted=' + plain.map(function (tr) { return tr.id.slice(1); }).join(' '));
      result.push('badges=' + all('.badge').map(function (b) {
        return b.closest('tr').id.slice(1) + ':' + b.textContent;
      }).join(' '));
      if (lit.length && plain.length) {
        result.push('lit-background=' + getComputedStyle(doc.getElementById('L' + lit[0]).querySelector('td.code')).backgroundColor);
        result.push('plain-background=' + getComputedStyle(plain[0].querySelector('td.code')).backgroundColor);
      }
      if (svg) {
        result.push('cfg-nodes=' + all('g.node.pp-on', svg).map(function (g) {
          var title = g.querySelector('title');
          return title ? title.textContent : g.id;
        }).join(' '));
        result.push('cfg-edges=' + all('g.edge.pp-on', svg).length);
        var off = svg.querySelector('g.node.block:not(.pp-on)');
        var on = svg.querySelector('g.node.pp-on');
        result.push('cfg-opacity=' + (on ? getComputedStyle(on).opacity : '') + ' '
                    + (off ? getComputedStyle(off).opacity : ''));
      }
      result.push('chosen=' + (chosenBox && !chosenBox.hidden ? chosenBox.textContent : ''));
      if (byKey) {
        doc.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        result.push('after-escape=' + all('.on-path, .badge, .pp-on, tr.path.selected').length);
      }
    }
    var pre = doc.createElement('pre');
    pre.id = 'pp-test-result';
    pre.textContent = result.join('\n') + '\n';
    doc.body.appendChild(pre);
  }

  var hash = decodeURIComponent(location.hash.slice(1));
  if (hash.indexOf('path=') === 0) choose(hash.slice(5), true);
  else if (hash.indexOf('test-click=') === 0) runTest(hash.slice(11), false);
  else if (hash.indexOf('test-key=') === 0) runTest(hash.slice(9), true);
})();

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof HTML report: the script of every page.  Tables sort by the
   column whose header is chosen; a chosen path (click, or Enter on a
   focused row) is highlighted on the source (its lines, and its branch
   outcomes as badges at their lines) and on the CFG picture.  Esc or
   Clear clears it.  "#path=ID" in the address chooses a path on load;
   "#test-click=ID" clicks one and writes what it lit into
   <pre id="pp-test-result">, for the browser test
   (dump/tests/html-browser.sh); "#test-key=ID" chooses it with Enter,
   then clears with Esc.  A function page's CFG picture is drawn here,
   as SVG, from the layout Graphviz's dot made of it (the page's JSON,
   "cfg": dump/html-layout.c says what it holds).  No network.  */
(function () {
  'use strict';
  var doc = document;
  function all(selector, root) {
    return Array.prototype.slice.call((root || doc).querySelectorAll(selector));
  }

  /* A function's page: what only works with this script is written by
     it, once here rather than on each of a report's thousand pages
     (dump/html-function.c): the help, the picture's caption, and the
     box that names the chosen path.  */
  if (doc.body.classList.contains('function')) {
    var layoutBox = doc.querySelector('.cfg-layout');
    if (layoutBox && doc.getElementById('pp-data')) {
      var help = doc.createElement('p');
      help.className = 'help';
      help.textContent = 'Choose a path (click, or Tab and Enter) to draw it on the CFG; '
        + 'Esc or Clear to clear.';
      layoutBox.parentNode.insertBefore(help, layoutBox);
    }
    var figure = doc.getElementById('cfg');
    if (figure) {
      var caption = doc.createElement('figcaption');
      caption.textContent = 'The CFG: blocks with their source lines and count; edges with the '
        + 'branch taken and count, wider when run more often (dashed: backedge; dotted: cut '
        + 'edge; light: never ran); the hottest paths in colour, numbered at their start '
        + '(share: of the function\'s path executions).  The chosen path is drawn over it.';
      figure.appendChild(caption);
    }
    var pathsHeading = doc.querySelector('.paths-pane h2');
    if (pathsHeading && !doc.getElementById('chosen'))
      pathsHeading.insertAdjacentHTML('afterend', '<div class="chosen" id="chosen" hidden>'
        + '<span class="what"></span> <button type="button" class="clear" id="clear" '
        + 'title="Esc">Clear</button></div>');
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

  /* The browser test's result: LINES into <pre id="pp-test-result">.  */
  function testResult(lines) {
    var pre = doc.createElement('pre');
    pre.id = 'pp-test-result';
    pre.textContent = lines.join('\n') + '\n';
    doc.body.appendChild(pre);
  }
  /* "#test-layout": whether the page fits its window's width: the
     widest element's right edge, and which it is.  */
  if (location.hash === '#test-layout') {
    var widest = null, right = 0;
    all('main *').forEach(function (e) {
      var r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > right + 0.5) { right = r.right; widest = e; }
    });
    testResult(['window=' + doc.documentElement.clientWidth,
                'page=' + doc.documentElement.scrollWidth,
                'right=' + Math.round(right),
                'widest=' + (widest ? widest.tagName.toLowerCase() + '.' + widest.className : ''),
                'columns=' + (widest && widest.closest('table') ? all('th', widest.closest('table')).map(function (th) {
                  return Math.round(th.getBoundingClientRect().width);
                }).join(' ') : '')]);
  }

  /* Path rows: a title, and what they are to assistive technology.  */
  all('tr.path[data-path]').forEach(function (row) {
    row.tabIndex = 0;
    row.setAttribute('role', 'button');
    row.setAttribute('aria-pressed', 'false');
    row.title = 'path ' + row.getAttribute('data-path').replace(/^f\d+p/, '')
      + ': choose to show it (Esc clears)';
  });

  var dataElement = doc.getElementById('pp-data');
  if (!dataElement) return;
  var data = JSON.parse(dataElement.textContent);
  var paths = data.paths;
  var chosenBox = doc.getElementById('chosen');
  var place = doc.querySelector('#cfg .cfg-draw');
  var svg = place && data.cfg ? drawPicture(data.cfg, place) : null;
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

  /* Draw LAYOUT into PLACE as SVG: nodes "g.node" with the ids and
     classes of the DOT and a <title> of their name, CFG edges "g.edge"
     likewise, and beside each CFG edge of class "pathK" its copy in path
     K's colour, id "pK_S_D", classes "path pathK", as dot would have
     drawn them.  Flags and colours: dump/html-report.h and dump/dot.c.  */
  function drawPicture(layout, place) {
    var NS = 'http://www.w3.org/2000/svg';
    var colours = ['#D55E00', '#0072B2', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#F0E442'];
    function make(tag, attrs, parent) {
      var e = doc.createElementNS(NS, tag);
      for (var k in attrs) e.setAttribute(k, attrs[k]);
      if (parent) parent.appendChild(e);
      return e;
    }
    function text(parent, label, x, y, size, fill) {
      var lines = label.split('\n'), step = size * 1.15;
      lines.forEach(function (line, i) {
        var t = make('text', { x: x, y: y + (i - (lines.length - 1) / 2) * step + size * 0.35,
                               'font-size': size, fill: fill, 'text-anchor': 'middle' }, parent);
        t.textContent = line;
      });
    }
    function spline(p) {
      var d = 'M' + p[0] + ',' + p[1];
      for (var i = 2; i + 5 < p.length; i += 6)
        d += 'C' + p.slice(i, i + 6).join(',');
      return d;
    }
    /* An arrowhead from the spline's last point P to A.  */
    function arrow(p, a, parent, attrs) {
      if (a.length < 2) return;
      var x = p[p.length - 2], y = p[p.length - 1];
      var dx = a[0] - x, dy = a[1] - y, len = Math.sqrt(dx * dx + dy * dy) || 1;
      var ux = dx / len, uy = dy / len, half = len / 3;
      attrs.points = [a[0], a[1], x - uy * half, y + ux * half, x + uy * half, y - ux * half].join(',');
      make('polygon', attrs, parent);
    }
    /* The classes of an element: CLS (0: USUAL) and "pathK" for bit K-1
       of PATHS.  */
    function classes(cls, usual, paths) {
      var all = cls === 0 ? [usual] : cls ? [cls] : [];
      for (var k = 1; paths >> (k - 1); k++)
        if (paths & (1 << (k - 1))) all.push('path' + k);
      return all.join(' ');
    }
    /* Spline points from the first and the differences.  */
    function points(d) {
      var p = d.slice();
      for (var i = 2; i < p.length; i++) p[i] += p[i - 2];
      return p;
    }
    var pad = 4;
    var svg = make('svg', { width: layout.w + 2 * pad, height: layout.h + 2 * pad,
                            viewBox: [-pad, -pad, layout.w + 2 * pad, layout.h + 2 * pad].join(' '),
                            role: 'img', 'class': 'cfg-svg', 'aria-label': 'CFG of ' + layout.name });
    make('title', {}, svg).textContent = layout.name;
    var top = make('g', { 'class': 'graph' }, svg);
    var copies = make('g', { 'class': 'paths' });
    layout.e.forEach(function (e) {
      var id = e[0], cls = classes(e[1], 'cfg edge', e[2]), pts = points(e[3]),
          label = e[5], flags = e[9] || 0, last = pts.length;
      /* The arrowhead from the spline's last point, the label from its
         first (dump/html-layout.c).  */
      var end = e[4].length ? [pts[last - 2] + e[4][0], pts[last - 1] + e[4][1]] : [];
      var lx = pts[0] + e[6], ly = pts[1] + e[7];
      var cold = flags & 4;
      var g = make('g', { 'class': 'edge ' + cls }, top);
      if (id) g.id = id;
      var m = /^e(\d+)_(\d+)/.exec(id);
      make('title', {}, g).textContent = (m ? 'bb' + m[1] + ' \u2192 bb' + m[2] + ': ' : '')
        + label.replace(/\n/g, ', ');
      var stroke = cold ? '#AAAAAA' : '#8C8C8C';
      var path = { d: spline(pts), fill: 'none', stroke: stroke, 'stroke-width': e[8] / 10 };
      if (flags & 1) path['stroke-dasharray'] = '5,2';
      if (flags & 2) path['stroke-dasharray'] = '1,3';
      make('path', path, g);
      arrow(pts, end, g, { fill: flags & 8 ? 'none' : stroke, stroke: stroke });
      if (label) text(g, label, lx, ly, 9, cold ? '#777777' : '#333333');
      /* The coloured paths through it, side by side.  */
      cls.split(' ').forEach(function (c) {
        var k = /^path(\d+)$/.exec(c);
        if (!k || !m) return;
        k = +k[1];
        var colour = colours[(k - 1) % colours.length];
        var copy = make('g', { id: 'p' + k + '_' + m[1] + '_' + m[2], 'class': 'edge path path' + k,
                               transform: 'translate(' + (-3 * k) + ',0)' }, copies);
        make('title', {}, copy).textContent = 'path ' + k;
        var attrs = { d: path.d, fill: 'none', stroke: colour, 'stroke-width': 2.2 };
        if (path['stroke-dasharray']) attrs['stroke-dasharray'] = path['stroke-dasharray'];
        make('path', attrs, copy);
        arrow(pts, end, copy, { fill: colour, stroke: colour });
        if ((' ' + cls + ' ').indexOf(' start' + k + ' ') >= 0)
          text(copy, String(k), pts[0] + 8, pts[1] + 4, 10, colour);
      });
    });
    top.appendChild(copies);
    layout.n.forEach(function (n) {
      /* A block's id is its number (dump/html-layout.c).  */
      var id = typeof n[0] === 'number' ? 'b' + n[0] : n[0];
      var x = n[3], y = n[4], w = n[5], h = n[6], flags = n[8] || 0;
      var g = make('g', { id: id, 'class': 'node ' + classes(n[1], 'block', n[2]) }, top);
      make('title', {}, g).textContent = id;
      var cold = flags & 2;
      var shape = { fill: cold ? '#F0F0F0' : '#FFFFFF', stroke: cold ? '#AAAAAA' : '#000000' };
      if (flags & 4) shape['stroke-dasharray'] = '4,2';
      if (flags & 1) {
        shape.cx = x; shape.cy = y; shape.rx = w / 2; shape.ry = h / 2;
        make('ellipse', shape, g);
      } else {
        shape.x = x - w / 2; shape.y = y - h / 2; shape.width = w; shape.height = h;
        if (!(flags & 24)) shape.rx = shape.ry = 4;
        if (flags & 8) {
          make('rect', { x: shape.x + 4, y: shape.y - 4, width: w, height: h,
                         fill: shape.fill, stroke: shape.stroke, 'stroke-dasharray': '4,2' }, g);
          shape['stroke-dasharray'] = '4,2';
        }
        make('rect', shape, g);
      }
      text(g, n[7], x, y, flags & 4 ? 8 : flags & 16 ? 9 : 10, cold ? '#777777' : '#000000');
    });
    place.appendChild(svg);
    return svg;
  }

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
    /* No "edges": ENTRY, the blocks in order, EXIT (html-paths.c).  */
    var seq = [0].concat(p.blocks, [1]);
    var edges = p.edges || seq.slice(1).map(function (b, i) { return [seq[i], b]; });
    svg.classList.add('pp-active');
    p.blocks.forEach(function (b) {
      var node = nodes['b' + b];
      if (node) node.classList.add('pp-on');
    });
    var wanted = {};
    edges.forEach(function (e) { wanted['e' + e[0] + '_' + e[1]] = true; });
    all('g.edge', svg).forEach(function (g) {
      var m = /^(e\d+_\d+)(_\d+)?$/.exec(g.id);
      if (m && wanted[m[1]]) g.classList.add('pp-on');
      if (g.classList.contains('path' + p.rank)) g.classList.add('pp-on');
    });
    edges.forEach(function (e) {
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
    (p.lines || []).forEach(function (n) {
      var line = doc.getElementById('L' + n);
      if (!line) return;
      line.classList.add('on-path');
      if (!first || n < first.n) first = { n: n, row: line };
    });
    (p.out || []).forEach(function (o) {
      var line = doc.getElementById('L' + o[0]);
      var cell = line && line.cells[3];   /* the code (html-source.c) */
      if (!cell) return;
      var badge = doc.createElement('span');
      badge.className = 'badge';
      badge.textContent = o[1];
      cell.appendChild(badge);
    });
    if (svg && p.blocks) lightPicture(p);
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
      result.push('focusable=' + row.tabIndex + ' ' + row.getAttribute('role'));
      result.push('highlighted=' + lit.join(' '));
      result.push('not-highlighted=' + plain.map(function (tr) { return tr.id.slice(1); }).join(' '));
      result.push('badges=' + all('.badge').map(function (b) {
        return b.closest('tr').id.slice(1) + ':' + b.textContent;
      }).join(' '));
      if (lit.length && plain.length) {
        result.push('lit-background=' + getComputedStyle(doc.getElementById('L' + lit[0]).cells[3]).backgroundColor);
        result.push('plain-background=' + getComputedStyle(plain[0].cells[3]).backgroundColor);
      }
      if (svg) {
        result.push('cfg-nodes=' + all('g.node.pp-on', svg).map(function (g) {
          var title = g.querySelector('title');
          return title ? title.textContent : g.id;
        }).join(' '));
        result.push('cfg-edges=' + all('g.edge.pp-on', svg).length);
        /* Drawn here from the page's layout, and the chosen path's
           coloured copy lit when the picture colours it.  */
        result.push('cfg-drawn=' + all('g.node', svg).length + ' ' + data.cfg.n.length
                    + ' ' + all('g.edge.cfg', svg).length);
        result.push('cfg-coloured=' + all('g.edge.path.path' + paths[id].rank, svg).length + ' '
                    + all('g.edge.path.path' + paths[id].rank + '.pp-on', svg).length);
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
    testResult(result);
  }

  var hash = decodeURIComponent(location.hash.slice(1));
  if (hash.indexOf('path=') === 0) choose(hash.slice(5), true);
  else if (hash.indexOf('test-click=') === 0) runTest(hash.slice(11), false);
  else if (hash.indexOf('test-key=') === 0) runTest(hash.slice(9), true);
})();

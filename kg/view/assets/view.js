// kg view: search, type filters, colouring, zoom and the details panel for the inline SVG map.
// Plain browser JavaScript, no libraries, no network. Data comes from #kg-data (see kg/view/html.py).
(function () {
  "use strict";

  const D = JSON.parse(document.getElementById("kg-data").textContent);
  const svg = document.getElementById("map");
  const SIZE = svg.viewBox.baseVal.width;
  const circles = Array.from(document.querySelectorAll("#nodes circle"));
  const lines = Array.from(document.querySelectorAll("#links line"));
  const labels = [];
  document.querySelectorAll("#labels text").forEach((t) => { labels[+t.dataset.i] = t; });
  const search = document.getElementById("search");
  const results = document.getElementById("results");
  const details = document.getElementById("details");

  // concept -> [[neighbour, link index]], paper -> [[concept, row]]
  const adjacent = D.concepts.map(() => []);
  D.links.forEach((l, k) => { adjacent[l[0]].push([l[1], k]); adjacent[l[1]].push([l[0], k]); });
  const paperConcepts = D.papers.map(() => []);
  D.concepts.forEach((c, i) => c.rows.forEach((r) => paperConcepts[r[0]].push([i, r])));
  const searchText = D.concepts.map((c) => [c.name, ...c.aliases, c.definition].join("\n").toLowerCase());

  const state = { query: "", matches: [], paperMatches: [], selected: null, hiddenTypes: new Set(), colorBy: D.colorBy };

  // ---- helpers -------------------------------------------------------------------------
  function fill(node, ...children) {
    node.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
    return node;
  }
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k === "style") node.style.cssText = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  const visible = (i) => !state.hiddenTypes.has(D.concepts[i].type);
  const colorOf = (i) => D.colors[state.colorBy][i];
  const setHash = (url) => { try { history.replaceState(null, "", url); } catch (e) { /* file: URLs in some browsers */ } };
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  // evidence sentence with the concept's surface form marked
  function evidence(sentence, surface) {
    const q = el("blockquote", { class: "evidence" });
    const at = surface ? sentence.toLowerCase().indexOf(surface.toLowerCase()) : -1;
    if (at < 0) { q.append(sentence); return q; }
    q.append(sentence.slice(0, at), el("mark", {}, sentence.slice(at, at + surface.length)), sentence.slice(at + surface.length));
    return q;
  }

  // ---- highlighting --------------------------------------------------------------------
  function paint() {
    const hl = new Set(), hlLinks = new Set(), sel = new Set(), match = new Set(state.matches);
    const sp = state.selected;
    const named = new Set();  // highlighted neighbours that get a label: the closest few, to keep it legible
    if (sp && sp.kind === "concept") {
      sel.add(sp.index);
      adjacent[sp.index].forEach(([j, k]) => { if (visible(j)) { hl.add(j); hlLinks.add(k); } });
      D.concepts[sp.index].with.forEach(([j]) => { if (hl.has(j)) named.add(j); });
      adjacent[sp.index].forEach(([j, k]) => { if (D.links[k][3] !== "CO_OCCURS") named.add(j); });
    } else if (sp && sp.kind === "paper") {
      paperConcepts[sp.index].forEach(([i]) => sel.add(i));
      D.links.forEach((l, k) => { if (sel.has(l[0]) && sel.has(l[1])) hlLinks.add(k); });
    }
    const dim = sel.size > 0 || (state.query !== "" && match.size > 0);
    svg.classList.toggle("dim", dim);
    circles.forEach((c, i) => {
      const off = !visible(i);
      c.classList.toggle("off", off);
      c.classList.toggle("sel", sel.has(i));
      c.classList.toggle("hl", hl.has(i));
      c.classList.toggle("match", match.has(i));
      if (labels[i]) {
        labels[i].classList.toggle("off", off);
        labels[i].classList.toggle("show", !off && (sel.has(i) || named.has(i) || match.has(i)));
      }
    });
    lines.forEach((line, k) => {
      const l = D.links[k];
      line.classList.toggle("off", !visible(l[0]) || !visible(l[1]));
      line.classList.toggle("hl", hlLinks.has(k));
    });
  }

  // ---- search --------------------------------------------------------------------------
  function rank(i, q) {
    const c = D.concepts[i], name = c.name.toLowerCase();
    if (name === q) return 0;
    if (c.aliases.some((a) => a.toLowerCase() === q) || c.definition.toLowerCase() === q) return 1;
    if (name.startsWith(q)) return 2;
    if (name.includes(q)) return 3;
    return 4;
  }

  function runSearch(query) {
    const q = query.trim().toLowerCase();
    state.query = q;
    state.matches = [];
    state.paperMatches = [];
    results.replaceChildren();
    if (q) {
      state.matches = D.concepts.map((_, i) => i).filter((i) => visible(i) && searchText[i].includes(q));
      state.matches.sort((a, b) => rank(a, q) - rank(b, q) || D.concepts[b].papers - D.concepts[a].papers || a - b);
      state.paperMatches = D.papers.map((_, j) => j).filter((j) => D.papers[j].title.toLowerCase().includes(q));
      for (const i of state.matches.slice(0, 40)) {
        const c = D.concepts[i];
        results.append(el("li", { "data-kind": "concept", "data-id": c.id },
          el("button", { type: "button", onclick: () => selectConcept(i, true) },
            el("span", { class: "swatch", style: `background:${colorOf(i)}` }), c.name,
            el("small", {}, `${c.type} · ${plural(c.papers, "paper")}`))));
      }
      for (const j of state.paperMatches.slice(0, 15)) {
        results.append(el("li", { "data-kind": "paper", "data-id": D.papers[j].id },
          el("button", { type: "button", onclick: () => selectPaper(j) }, D.papers[j].title, el("small", {}, "paper"))));
      }
      if (!results.children.length) results.append(el("li", { class: "empty" }, `Nothing matches “${query.trim()}”.`));
    }
    results.hidden = !q;
    paint();
  }

  // ---- details panel -------------------------------------------------------------------
  function closeButton() {
    return el("button", { type: "button", class: "close", title: "Close", onclick: clearSelection }, "×");
  }

  function showConcept(i) {
    const c = D.concepts[i];
    const community = c.community !== null ? D.communities.find((s) => s.key === c.community) : null;
    const neighbours = c.with.filter(([j]) => visible(j));
    const related = adjacent[i].filter(([, k]) => D.links[k][3] !== "CO_OCCURS");
    const papers = el("ol", { id: "concept-papers" });
    for (const [p, role, s, surface] of c.rows) {
      const paper = D.papers[p];
      papers.append(el("li", { class: "paper", "data-id": paper.id },
        el("span", { class: `role ${D.roles[role]}` }, D.roles[role]),
        el("button", { type: "button", class: "paper-title", onclick: () => selectPaper(p) }, paper.title),
        paper.venue || paper.year ? el("span", { class: "count" }, ` ${paper.venue} ${paper.year || ""}`) : null,
        evidence(D.sentences[s], surface)));
    }
    fill(details,
      closeButton(),
      el("h2", {}, c.name),
      el("p", { class: "meta" },
        el("span", { class: "tag", style: `background:${D.colors.type[i]}` }, c.type),
        community ? el("span", { class: "tag", style: `background:${community.color}` }, community.label) : null,
        plural(c.papers, "paper")),
      c.definition && c.definition !== c.name ? el("p", {}, c.definition) : null,
      c.aliases.length ? el("p", { class: "meta" }, "Also: " + c.aliases.join(", ")) : null,
      related.length ? el("h3", {}, "Related") : null,
      related.length ? el("div", { class: "chips" }, ...related.map(([j, k]) =>
        el("button", { type: "button", class: "chip", onclick: () => selectConcept(j, true) },
          `${D.links[k][0] === i ? D.links[k][3].replace("_", " ").toLowerCase() : "has " + (D.links[k][3] === "IS_A" ? "kind" : "variant")} ${D.concepts[j].name}`))) : null,
      neighbours.length ? el("h3", {}, "Often with") : null,
      neighbours.length ? el("div", { class: "chips" }, ...neighbours.map(([j, w]) =>
        el("button", { type: "button", class: "chip", onclick: () => selectConcept(j, true) }, `${D.concepts[j].name} (${w})`))) : null,
      el("h3", {}, c.total > c.rows.length ? `Papers (the first ${c.rows.length} of ${c.total})` : "Papers"),
      papers);
    details.hidden = false;
    details.scrollTop = 0;
  }

  function showPaper(j) {
    const paper = D.papers[j];
    const list = el("ol", { id: "paper-concepts" });
    const rows = paperConcepts[j].slice().sort((a, b) => a[1][1] - b[1][1] || D.concepts[a[0]].name.localeCompare(D.concepts[b[0]].name));
    for (const [i, [, role, s, surface]] of rows) {
      list.append(el("li", { class: "paper", "data-id": D.concepts[i].id },
        el("span", { class: `role ${D.roles[role]}` }, D.roles[role]),
        el("button", { type: "button", class: "chip", onclick: () => selectConcept(i, true) }, D.concepts[i].name),
        el("span", { class: "count" }, ` ${D.concepts[i].type}`),
        evidence(D.sentences[s], surface)));
    }
    fill(details,
      closeButton(),
      el("h2", {}, paper.title),
      el("p", { class: "meta" }, [paper.venue, paper.year, paper.id].filter(Boolean).join(" · ")),
      paper.url ? el("p", {}, el("a", { href: paper.url, target: "_blank", rel: "noopener" }, paper.url)) : null,
      el("h3", {}, "Concepts on the map"),
      list);
    details.hidden = false;
    details.scrollTop = 0;
  }

  function selectConcept(i, reveal) {
    if (!visible(i)) return;
    state.selected = { kind: "concept", index: i };
    showConcept(i);
    paint();
    if (reveal) revealNode(i);
    setHash("#" + encodeURIComponent(D.concepts[i].id));
  }

  function selectPaper(j) {
    state.selected = { kind: "paper", index: j };
    showPaper(j);
    paint();
  }

  function clearSelection() {
    state.selected = null;
    details.hidden = true;
    paint();
    setHash(location.pathname + location.search);
  }

  // ---- zoom and pan --------------------------------------------------------------------
  let vb = { x: 0, y: 0, w: SIZE, h: SIZE };
  function applyViewBox() {
    svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
    const zoom = SIZE / vb.w;
    svg.style.setProperty("--fs", (11 / zoom).toFixed(3));
    svg.dataset.zoom = zoom >= 7 ? "3" : zoom >= 3.5 ? "2" : zoom >= 1.8 ? "1" : "0";  // svg.py ZOOMS
  }
  function toMap(clientX, clientY) {
    const pt = svg.createSVGPoint();
    pt.x = clientX; pt.y = clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  function zoomAt(factor, cx, cy) {
    const w = Math.min(Math.max(vb.w / factor, SIZE / 40), SIZE * 2);
    const f = w / vb.w;
    vb = { x: cx - (cx - vb.x) * f, y: cy - (cy - vb.y) * f, w, h: w };
    applyViewBox();
  }
  function revealNode(i) {
    const c = circles[i], x = +c.getAttribute("cx"), y = +c.getAttribute("cy");
    if (x < vb.x || x > vb.x + vb.w || y < vb.y || y > vb.y + vb.h) {
      vb = { x: x - vb.w / 2, y: y - vb.h / 2, w: vb.w, h: vb.h };
      applyViewBox();
    }
  }

  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const p = toMap(e.clientX, e.clientY);
    zoomAt(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
  }, { passive: false });

  let drag = null;
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, vb: { ...vb }, moved: false, scale: svg.getScreenCTM().a };
  });
  window.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) svg.classList.add("dragging");
    drag.moved = true;
    vb = { ...drag.vb, x: drag.vb.x - dx / drag.scale, y: drag.vb.y - dy / drag.scale };
    applyViewBox();
  });
  window.addEventListener("pointerup", () => {
    if (drag && drag.moved) svg.dataset.dragged = "1";
    svg.classList.remove("dragging");
    drag = null;
  });
  svg.addEventListener("click", (e) => {
    if (svg.dataset.dragged) { delete svg.dataset.dragged; return; }
    const circle = e.target.closest("circle");
    if (circle) selectConcept(+circle.dataset.i, false);
    else if (state.selected) clearSelection();
  });
  const centre = () => ({ x: vb.x + vb.w / 2, y: vb.y + vb.h / 2 });
  document.getElementById("zoom-in").addEventListener("click", () => { const c = centre(); zoomAt(1.5, c.x, c.y); });
  document.getElementById("zoom-out").addEventListener("click", () => { const c = centre(); zoomAt(1 / 1.5, c.x, c.y); });
  document.getElementById("zoom-fit").addEventListener("click", () => { vb = { x: 0, y: 0, w: SIZE, h: SIZE }; applyViewBox(); });

  // ---- controls ------------------------------------------------------------------------
  search.addEventListener("input", () => runSearch(search.value));
  search.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      const first = results.querySelector("li button");
      if (first) first.click();
    } else if (e.key === "Escape") {
      search.value = "";
      runSearch("");
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "/" && document.activeElement !== search) { e.preventDefault(); search.focus(); }
    else if (e.key === "Escape" && document.activeElement !== search && state.selected) clearSelection();
  });

  const typeBoxes = Array.from(document.querySelectorAll("#filters input[data-type]"));
  function onFilter() {
    state.hiddenTypes = new Set(typeBoxes.filter((b) => !b.checked).map((b) => b.dataset.type));
    if (state.selected && state.selected.kind === "concept" && !visible(state.selected.index)) clearSelection();
    runSearch(search.value);
  }
  typeBoxes.forEach((b) => b.addEventListener("change", onFilter));
  document.getElementById("all-types").addEventListener("click", () => {
    const allOn = typeBoxes.every((b) => b.checked);
    typeBoxes.forEach((b) => { b.checked = !allOn; });
    onFilter();
  });

  const colorBy = document.getElementById("colorby");
  if (colorBy) {
    colorBy.addEventListener("change", () => {
      state.colorBy = colorBy.value;
      document.body.className = `by-${state.colorBy}`;
      circles.forEach((c, i) => c.setAttribute("fill", colorOf(i)));
      runSearch(search.value);
    });
  }

  applyViewBox();
  const fromHash = decodeURIComponent(location.hash.slice(1));
  if (fromHash) {
    const i = D.concepts.findIndex((c) => c.id === fromHash);
    if (i >= 0) selectConcept(i, true);
  }

  // for scripts and tests: the state and the actions the page's controls use
  window.kgView = { data: D, state, search: runSearch, selectConcept, selectPaper, clearSelection };
  document.body.dataset.ready = "1";
})();

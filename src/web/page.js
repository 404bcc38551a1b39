// A game's page: step through its moves (buttons, arrow keys, Home and End, a click on a move), chart each player's
// standing, and follow new moves without a reload by asking every few seconds whether the game moved on.
"use strict";
(() => {
  const root = document.getElementById("game");
  const token = root.dataset.token;
  // The page's language, asked of every address, and its words (with {step}, {last}, {chart} to fill).
  const lang = root.dataset.lang;
  // The page's colours (`standard` or `safe`), asked of every address too.
  const colours = root.dataset.colours;
  const words = JSON.parse(document.getElementById("words").textContent);
  const say = (id, values) => words[id].replace(/\{(\w+)\}/g, (hole, name) => (name in values ? values[name] : hole));
  const pollMs = Number(root.dataset.poll) * 1000;
  const $ = (id) => document.getElementById(id);
  const board = $("board"), list = $("moves"), counter = $("counter"), chart = $("chart");
  const buttons = { first: $("first"), previous: $("previous"), next: $("next"), last: $("last") };
  const svgNs = "http://www.w3.org/2000/svg";
  let game = null;
  // Each step's chance to win of every player, in percent, once the game is analysed (else null).
  let chances = null;
  // Whether the game's analysis is still to come (once over): then the page asks for it now and then.
  let analysing = false;
  let step = Number(root.dataset.last);
  // Whether the page shows the latest move: then a new move is shown as it arrives.
  let following = true;

  // The step's version goes with it: after an undo and a new move, a step shows another board.
  const boardUrl = (k) => `${token}/board/${k}?v=${game.steps[k].version}&lang=${lang}&colours=${colours}`;

  function element(tag, attributes, text) {
    const e = tag.startsWith("svg:") ? document.createElementNS(svgNs, tag.slice(4)) : document.createElement(tag);
    for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A player's name (or anything) after a swatch of their colour as the pictures draw it (a pawn's in Dragon Delta):
  // outlined, so white and black show on a light page and a dark one. Set through the style object: the page's
  // policy forbids style attributes, which a script could otherwise write as text.
  function coloured(tag, seat, text) {
    const e = element(tag);
    const swatch = element("span", { class: "swatch", "aria-hidden": "true" });
    swatch.style.backgroundColor = game.colours[seat];
    e.append(swatch, text);
    return e;
  }

  function show(k) {
    if (!game) return;
    step = Math.max(0, Math.min(game.last, k));
    following = step === game.last;
    board.src = boardUrl(step);
    // The position in short, in the page's language: what a screen reader says for the board shown.
    board.alt = game.steps[step].alt;
    const last = game.last;
    counter.textContent = step === 0 ? say("web-counter-setup", { last }) : say("web-counter", { step, last });
    for (const li of list.children) {
      const current = Number(li.dataset.step) === step;
      li.classList.toggle("current", current);
      if (current) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    }
    const current = list.children[step];
    if (current) {
      // Scroll the list only, never the page.
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    buttons.first.disabled = buttons.previous.disabled = step === 0;
    buttons.next.disabled = buttons.last.disabled = step === game.last;
    drawChart();
    if (step < game.last) new Image().src = boardUrl(step + 1); // the next picture, ready before it is asked for
    window.history.replaceState(null, "", `${location.pathname}${location.search}${step === game.last ? "" : `#${step}`}`);
  }

  function render() {
    document.title = say("web-title", { title: game.title, game: game.game });
    $("state").textContent = game.state;
    list.replaceChildren(...game.steps.map((s, k) => {
      const li = element("li", { "data-step": k }, s.line);
      if (s.judged && s.judged.costly) li.append(element("span", { class: "costly" }, s.judged.costly));
      return li;
    }));
    // Each player's chance to win after each move, as the analysis judged it: from their first judged move on,
    // what their last move left them (in percent).
    chances = null;
    if (game.steps.some((s) => s.judged)) {
      const now = game.players.map(() => null);
      chances = [];
      game.steps.forEach((s, k) => {
        if (s.judged && s.seat !== null) {
          if (now[s.seat] === null && k > 0) chances[k - 1][s.seat] = Math.round(100 * s.judged.before);
          now[s.seat] = Math.round(100 * s.judged.after);
        }
        chances.push(now.slice());
      });
    }
    $("analysis-title").hidden = chances === null;
    $("standings").replaceChildren(...game.players.map((name, seat) => {
      const li = element("li");
      li.append(coloured("b", seat, name), game.ratings[seat] ? ` (${game.ratings[seat]})` : "", `: ${game.standings[seat]}`);
      return li;
    }));
    $("record").hidden = game.status === "active";
  }

  // Each player's charted value over the moves, and their chance to win once the game is analysed.
  function drawChart() {
    const chartName = `${game.chart[0].toUpperCase()}${game.chart.slice(1)}`;
    $("chart-title").textContent = say("web-chart-title", { chart: chartName });
    drawLines(chart, chartName, (k, seat) => game.steps[k].chart[seat], 0, 1);
    if (chances) drawLines($("analysis"), $("analysis-title").textContent, (k, seat) => chances[k][seat], 0, 100);
    else $("analysis").replaceChildren();
  }

  // A line of `value(step, seat)` per player in `target`, the range at least `least`–`most`, with the step shown
  // marked and each player's value there below.
  function drawLines(target, label, value, least, most) {
    const [w, h, pad] = [600, 180, 28];
    const values = game.steps.flatMap((_, k) => game.players.map((_, seat) => value(k, seat))).filter((v) => v !== null && v !== undefined);
    const svg = element("svg:svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": label });
    if (values.length === 0) return target.replaceChildren();
    const low = Math.min(least, ...values), high = Math.max(most, ...values);
    const x = (k) => pad + (w - 2 * pad) * (game.last === 0 ? 0 : k / game.last);
    const y = (v) => h - pad - (h - 2 * pad) * ((v - low) / (high - low));
    svg.append(element("svg:line", { x1: pad, y1: y(low), x2: w - pad, y2: y(low), stroke: "#8888" }));
    svg.append(element("svg:text", { x: 2, y: y(high) + 4, "font-size": 11, fill: "currentColor" }, String(high)));
    svg.append(element("svg:text", { x: 2, y: y(low) + 4, "font-size": 11, fill: "currentColor" }, String(low)));
    svg.append(element("svg:line", { x1: x(step), y1: pad / 2, x2: x(step), y2: h - pad / 2, stroke: "#b9770e" }));
    // Each line a little above or below its value, by seat, so that tied players' lines run side by side instead
    // of one hiding the other; each over an outline, so white and black lines show on either background.
    const apart = 3, middle = (game.players.length - 1) / 2;
    game.players.forEach((_, seat) => {
      let d = "", pen = "M";
      const shift = (seat - middle) * apart;
      game.steps.forEach((_, k) => {
        const v = value(k, seat);
        if (v === null || v === undefined) { pen = "M"; return; }
        d += `${pen}${x(k).toFixed(1)},${(y(v) + shift).toFixed(1)} `;
        pen = "L";
      });
      const line = { d, fill: "none", "stroke-linejoin": "round", "data-seat": seat };
      svg.append(element("svg:path", { ...line, stroke: "currentColor", "stroke-opacity": 0.45, "stroke-width": 4 }));
      svg.append(element("svg:path", { ...line, stroke: game.colours[seat], "stroke-width": 2.5, class: "player" }));
    });
    const legend = element("div", { class: "legend" }, `${step === 0 ? say("web-at-setup", {}) : say("web-after-move", { step })} `);
    game.players.forEach((name, seat) => {
      const v = value(step, seat);
      legend.append(coloured("span", seat, `${name}: ${v === null || v === undefined ? "—" : v}`));
    });
    target.replaceChildren(svg, legend, valuesTable(label, value));
  }

  // The chart's values as a table, folded under its summary: what the lines say, for a screen reader or a reader
  // who wants the numbers (a move a row, a player a column).
  function valuesTable(label, value) {
    const table = element("table");
    const head = element("tr");
    head.append(element("th", { scope: "col" }, say("web-chart-move", {})));
    game.players.forEach((name, seat) => head.append(coloured("th", seat, name)));
    table.append(element("thead"), element("tbody"));
    table.tHead.append(head);
    game.steps.forEach((_, k) => {
      const row = element("tr");
      row.append(element("th", { scope: "row" }, String(k)));
      game.players.forEach((_, seat) => {
        const v = value(k, seat);
        row.append(element("td", {}, v === null || v === undefined ? "—" : String(v)));
      });
      table.tBodies[0].append(row);
    });
    const details = element("details", { class: "values" });
    details.append(element("summary", {}, say("web-chart-table", { chart: label })), table);
    return details;
  }

  async function load() {
    const response = await fetch(`${token}/history.json?lang=${lang}&colours=${colours}`, { cache: "no-store" });
    if (!response.ok) return;
    game = await response.json();
    analysing = game.analysing;
    render();
  }

  async function poll() {
    try {
      const response = await fetch(`${token}/version.json`, { cache: "no-store" });
      if (response.ok) {
        const now = await response.json();
        const analysed = analysing && !now.analysing;
        analysing = now.analysing;
        if (now.version !== game.version || now.over !== (game.status !== "active") || analysed) {
          const wasFollowing = following;
          await load();
          show(wasFollowing ? game.last : step);
        }
      }
    } catch (_) {
      // Offline for a moment: ask again later.
    }
    followMoves();
  }

  // Asks again while the game runs, and, less often, while its analysis is to come; a game over and analysed
  // (or abandoned) changes no more.
  function followMoves() {
    if (game.status === "active") setTimeout(poll, pollMs);
    else if (analysing) setTimeout(poll, 2 * pollMs);
  }

  buttons.first.addEventListener("click", () => show(0));
  buttons.previous.addEventListener("click", () => show(step - 1));
  buttons.next.addEventListener("click", () => show(step + 1));
  buttons.last.addEventListener("click", () => show(game.last));
  list.addEventListener("click", (e) => {
    const li = e.target.closest("li[data-step]");
    if (li) show(Number(li.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !game) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: game.last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });

  // The move the address names (`#12`), or the last; read at load and whenever the address's hash changes.
  const asked = () => (/^#\d+$/.test(location.hash) ? Number(location.hash.slice(1)) : game.last);
  window.addEventListener("hashchange", () => {
    if (game) show(asked());
  });

  load().then(() => {
    if (!game) return;
    show(asked());
    root.dataset.ready = "true";
    followMoves();
  });
})();

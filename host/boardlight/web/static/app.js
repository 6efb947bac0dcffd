// A boardlight page: keeps the picture of the game live over a WebSocket and sends the
// player's moves. The server draws every picture; this script only swaps them in, keeps
// what the player is in the middle of choosing, and reconnects by itself.
"use strict";

(function () {
  var base = location.pathname.replace(/[^/]*$/, "");  // /t/TOKEN/
  var main = document.getElementById("game");
  var linkLine = document.getElementById("link");
  var messageLine = document.getElementById("message");
  var newsLine = document.getElementById("news");
  var seq = parseInt(main.getAttribute("data-seq"), 10);
  var html = main.innerHTML;
  var socket = null;
  var retry = 250;           // ms before the next reconnect; doubles up to 4 s
  var heard = Date.now();    // when the server last said anything
  var busy = false;          // a move is on its way
  var laid = [];             // Zatre: [row, col, value] tapped so far this turn
  var chosen = null;         // Zatre: the index of the hand tile tapped, or null

  function setLink(state, text) {
    linkLine.setAttribute("data-state", state);
    linkLine.textContent = text;
  }

  function say(text, refused) {
    messageLine.textContent = text;
    messageLine.className = refused ? "message refused" : "message";
  }

  // -- the picture -----------------------------------------------------------------------

  function show(picture) {
    if (typeof picture.seq !== "number" || typeof picture.html !== "string") return;
    var moved = picture.seq !== seq;
    if (!moved && picture.html === html) return;
    var orientation = checkedOrientation();
    var scroll = main.querySelector(".board-scroll");
    var scrolled = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
    var focused = focusKey(document.activeElement);
    if (moved) { laid = []; chosen = null; }
    seq = picture.seq;
    html = picture.html;
    main.innerHTML = html;
    main.setAttribute("data-seq", String(seq));
    restoreOrientation(orientation);
    scroll = main.querySelector(".board-scroll");
    if (scroll && scrolled) { scroll.scrollLeft = scrolled[0]; scroll.scrollTop = scrolled[1]; }
    else if (scroll) centreBoard(scroll);
    showLaid();
    if (focused) refocus(focused);
    if (moved) {
      var news = main.querySelector(".news");
      if (news) newsLine.textContent = news.textContent;
    }
  }

  function checkedOrientation() {
    var legend = main.querySelector(".orientations legend");
    var radio = main.querySelector("input[name=orientation]:checked");
    return legend && radio ? [legend.textContent, radio.value] : null;
  }

  function restoreOrientation(kept) {
    var legend = main.querySelector(".orientations legend");
    if (!kept || !legend || legend.textContent !== kept[0]) return;
    var radio = main.querySelector("input[name=orientation][value='" + kept[1] + "']");
    if (radio) radio.checked = true;
  }

  function centreBoard(scroll) {
    scroll.scrollLeft = (scroll.scrollWidth - scroll.clientWidth) / 2;
  }

  // The element to give the focus back to once the picture is swapped: the same move, cell
  // or choice in the new picture.
  function focusKey(node) {
    if (!node || !main.contains(node)) return null;
    if (node.getAttribute("data-move")) return "[data-move='" + node.getAttribute("data-move") + "']";
    if (node.getAttribute("data-row")) {
      return "." + node.className.split(" ")[0] + "[data-row='" + node.getAttribute("data-row") +
        "'][data-col='" + node.getAttribute("data-col") + "']";
    }
    if (node.name === "orientation") return "input[name=orientation][value='" + node.value + "']";
    return null;
  }

  function refocus(selector) {
    try {
      var node = main.querySelector(selector);
      if (node) node.focus();
    } catch (e) { /* a selector the new picture cannot read: leave the focus */ }
  }

  // -- Zatre: the tiles laid this turn, before they are sent ------------------------------

  function showLaid() {
    var tiles = main.querySelectorAll(".ztile");
    if (!tiles.length) return;
    var used = laid.map(function (t) { return t[3]; });
    tiles.forEach(function (button, k) {
      var off = used.indexOf(k) >= 0;
      button.disabled = off;
      button.setAttribute("aria-pressed", k === chosen ? "true" : "false");
    });
    laid.forEach(function (t) {
      var cell = main.querySelector(".zcell[data-row='" + t[0] + "'][data-col='" + t[1] + "']");
      if (cell) {
        cell.textContent = String(t[2]);
        cell.classList.add("laid");
        cell.setAttribute("aria-label", "row " + t[0] + ", column " + t[1] + ": your " + t[2] + ", not sent yet");
      }
    });
    var line = main.querySelector(".pending");
    if (line) {
      line.textContent = laid.length ? "Laid, not sent yet: " + laid.map(function (t) {
        return t[2] + " at row " + t[0] + ", column " + t[1];
      }).join("; ") : "";
    }
  }

  function tapTile(button) {
    var tiles = Array.prototype.slice.call(main.querySelectorAll(".ztile"));
    var k = tiles.indexOf(button);
    chosen = chosen === k ? null : k;
    showLaid();
  }

  function tapCell(cell) {
    if (chosen === null) {
      var free = Array.prototype.slice.call(main.querySelectorAll(".ztile")).filter(function (b) {
        return !b.disabled;
      });
      if (free.length !== 1) { say("Tap a tile of your hand first, then its cell.", true); return; }
      chosen = Array.prototype.slice.call(main.querySelectorAll(".ztile")).indexOf(free[0]);
    }
    var tile = main.querySelectorAll(".ztile")[chosen];
    var row = parseInt(cell.getAttribute("data-row"), 10);
    var col = parseInt(cell.getAttribute("data-col"), 10);
    if (laid.some(function (t) { return t[0] === row && t[1] === col; })) return;
    laid.push([row, col, parseInt(tile.getAttribute("data-value"), 10), chosen]);
    chosen = null;
    say("", false);
    showLaid();
  }

  function takeBack() {
    laid = [];
    chosen = null;
    main.innerHTML = html;
    showLaid();
  }

  // -- moves -----------------------------------------------------------------------------

  function send(button) {
    if (busy) return;
    var move = JSON.parse(button.getAttribute("data-move"));
    var extra = button.getAttribute("data-with");
    if (extra === "orientation") {
      var radio = main.querySelector("input[name=orientation]:checked");
      if (!radio) { say("Pick an orientation first.", true); return; }
      move.orientation = parseInt(radio.value, 10);
    } else if (extra === "tiles") {
      move.tiles = laid.map(function (t) { return [t[0], t[1], t[2]]; });
    }
    var question = button.getAttribute("data-confirm");
    if (question && !window.confirm(question)) return;
    busy = true;
    main.setAttribute("aria-busy", "true");
    fetch(base + "act", {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({seen: seq, move: move}),
      cache: "no-store",
      credentials: "omit"
    }).then(function (answer) {
      return answer.json().then(function (data) { return [answer.status, data]; });
    }).then(function (result) {
      var data = result[1];
      if (data.ok) say(data.message || "", false);
      else say(data.refused || "Refused (" + result[0] + ").", true);
      show(data);
    }).catch(function () {
      say("The table did not answer: the move may not have been taken. It is shown once the page is live again.", true);
      reconnectSoon();
    }).then(function () {
      busy = false;
      main.removeAttribute("aria-busy");
    });
  }

  // The answer to a move stays in sight at the foot of the screen until tapped away.
  messageLine.addEventListener("click", function () { say("", false); });

  document.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || !main.contains(target) || target.disabled) return;
    if (target.classList.contains("ztile")) tapTile(target);
    else if (target.classList.contains("zcell")) tapCell(target);
    else if (target.classList.contains("zclear")) takeBack();
    else if (target.getAttribute("data-move")) send(target);
  });

  // -- live ------------------------------------------------------------------------------

  function connect() {
    if (socket) { socket.onclose = null; socket.onmessage = null; try { socket.close(); } catch (e) {} }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(scheme + location.host + base + "live");
    socket = ws;
    ws.onopen = function () {
      retry = 250;
      heard = Date.now();
      setLink("live", "Live");
    };
    ws.onmessage = function (event) {
      heard = Date.now();
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (!data.pong) show(data);
    };
    ws.onclose = function () {
      if (socket !== ws) return;
      socket = null;
      setLink("reconnecting", "Reconnecting…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }

  // Back from sleep or offline: a socket that looks open is asked for a sign of life, and
  // replaced if none comes within 3 s.
  function reconnectSoon() {
    if (!socket || socket.readyState !== WebSocket.OPEN) { retry = 250; connect(); return; }
    var asked = Date.now();
    socket.send("ping");
    setTimeout(function () {
      if (heard < asked) { setLink("reconnecting", "Reconnecting…"); connect(); }
    }, 3000);
  }

  // A phone that slept, or whose Wi-Fi came back, may hold a socket that is dead without
  // knowing it: ask, and start again if nothing is heard.
  setInterval(function () {
    if (socket && socket.readyState === WebSocket.OPEN) {
      if (Date.now() - heard > 25000) { setLink("reconnecting", "Reconnecting…"); connect(); }
      else socket.send("ping");
    }
  }, 10000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") reconnectSoon();
  });
  window.addEventListener("online", reconnectSoon);
  window.addEventListener("pageshow", function (event) { if (event.persisted) reconnectSoon(); });

  var scroll = main.querySelector(".board-scroll");
  if (scroll) centreBoard(scroll);
  connect();
})();

/* newsprism workbench: click a fact, conflict, quote or citation and its cited words
   light up in every article column and scroll into view. No framework, no network. */
(function () {
  "use strict";

  function parse(attr) {
    var out = [];
    (attr || "").split(/\s+/).forEach(function (part) {
      var bits = part.split(":");
      if (bits.length === 3) {
        var s = parseInt(bits[1], 10), e = parseInt(bits[2], 10);
        if (/^d\d+$/.test(bits[0]) && !isNaN(s) && !isNaN(e)) out.push({ d: bits[0], s: s, e: e });
      }
    });
    return out;
  }

  function columnsPresent() { return document.querySelector(".column .text") !== null; }

  function clear() {
    Array.prototype.forEach.call(document.querySelectorAll(".seg.hl"), function (n) { n.classList.remove("hl"); });
    Array.prototype.forEach.call(document.querySelectorAll('.pick[aria-pressed="true"]'), function (n) {
      n.setAttribute("aria-pressed", "false");
    });
  }

  function scrollInto(body, seg) {
    var top = seg.offsetTop - body.clientHeight / 3;
    body.scrollTop = Math.max(0, top);
  }

  function highlight(attr, source) {
    var cites = parse(attr);
    if (!cites.length || !columnsPresent()) return false;
    clear();
    if (source && source.classList.contains("pick")) source.setAttribute("aria-pressed", "true");
    var first = {}, names = [];
    cites.forEach(function (c) {
      var col = document.getElementById("col-" + c.d);
      if (!col) return;
      var segs = col.querySelectorAll(".seg");
      for (var i = 0; i < segs.length; i++) {
        var s = +segs[i].getAttribute("data-s"), e = +segs[i].getAttribute("data-e");
        if (s >= c.s && e <= c.e && e > s) {
          segs[i].classList.add("hl");
          if (!first[c.d]) first[c.d] = segs[i];
        }
      }
    });
    var area = document.getElementById("columns");
    var scrolledSideways = false;
    Object.keys(first).forEach(function (d) {
      var col = document.getElementById("col-" + d);
      var body = col.querySelector(".text");
      scrollInto(body, first[d]);
      var h = col.querySelector("header h3");
      names.push(h ? h.getAttribute("data-label") || h.textContent : d);
      if (area && !scrolledSideways) {
        var left = col.offsetLeft - area.offsetLeft;
        if (left < area.scrollLeft || left + col.offsetWidth > area.scrollLeft + area.clientWidth) area.scrollLeft = left;
        scrolledSideways = true;
      }
    });
    if (area) {
      var rect = area.getBoundingClientRect();
      if (rect.top < 0 || rect.top > window.innerHeight * 0.5) area.scrollIntoView({ block: "start" });
    }
    var status = document.getElementById("status");
    if (status) {
      status.textContent = names.length ? "Highlighted in " + names.join(", ") + "." : "The cited articles are not shown here.";
    }
    return true;
  }

  /* "Show all …" under a part of the story page: fetch the whole part from this server and
     put it in place of the first items; focus moves to the part's heading. Without a
     script (or if the fetch fails) the link opens the whole page at that part. */
  function loadPart(link) {
    var section = link.closest("section");
    var src = link.getAttribute("data-src");
    if (!section || !src || !window.fetch) return false;
    link.setAttribute("aria-busy", "true");
    link.textContent = "Loading…";
    fetch(src, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var holder = document.createElement("template");
      holder.innerHTML = html;
      var fresh = holder.content.querySelector("section");
      if (!fresh) throw new Error("empty");
      section.parentNode.replaceChild(fresh, section);
      var target = document.getElementById(link.getAttribute("data-focus")) || fresh.querySelector("h2");
      var closed = target && target.closest ? target.closest("section") : null;
      if (closed) Array.prototype.forEach.call(closed.querySelectorAll("details.more"), function (d) { d.open = true; });
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
        target.scrollIntoView({ block: "start" });
      }
    }).catch(function () {
      location.href = link.href;
    });
    return true;
  }

  document.addEventListener("click", function (event) {
    var part = event.target.closest ? event.target.closest("a.more[data-src]") : null;
    if (part && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
      if (loadPart(part)) event.preventDefault();
      return;
    }
    var el = event.target.closest ? event.target.closest("[data-cites]") : null;
    if (!el) return;
    if (highlight(el.getAttribute("data-cites"), el)) {
      event.preventDefault();
      if (history.replaceState) history.replaceState(null, "", "#hl=" + el.getAttribute("data-cites").replace(/ /g, "+"));
    }
  });

  function fromHash() {
    var h = decodeURIComponent(location.hash || "");
    if (h.indexOf("#hl=") !== 0) return;
    var attr = h.slice(4).replace(/\+/g, " ");
    var pick = null;
    Array.prototype.forEach.call(document.querySelectorAll(".pick[data-cites]"), function (p) {
      if (!pick && p.getAttribute("data-cites") === attr) pick = p;
    });
    highlight(attr, pick);
    if (pick) pick.scrollIntoView({ block: "nearest" });
  }
  window.addEventListener("hashchange", fromHash);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fromHash);
  else fromHash();
})();

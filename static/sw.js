/* The whist service worker: after the first visit the whole site comes from
   one cache, so the game starts with no network.

   serve.py publishes this file at the site root as sw.js (so its scope is the
   whole site, also under a sub-path such as /whist/) and fills in the BUILD
   line: the version (a hash of every file) and each file's content hash.

   - install: every file of this version goes into the cache "whist <scope>
     <version>", checked against its hash (a file unchanged since an older
     version is copied from that version's cache; one the HTTP cache holds
     stale is fetched again past it); one missing or wrong file fails the
     install, and the version in use stays. A file is only served from a complete cache: the fetch
     handler looks in this version's cache only, and it is complete before
     this version activates.
   - fetch: a file of the site is always answered from the cache of the
     version its page was loaded with, never from the network or another
     version, so the files of two versions never mix (the WebAssembly may
     come from the HTTP cache, when it holds that same file: see
     fromHttpCache). Other URLs go to the network as usual.
   - activate, and a page's "clean-up" message once its table is up: the
     caches of other versions are deleted once no open page uses them.
   - A new version waits until the page asks for it ({type: "skip-waiting"},
     sent by index.html at a safe moment) or until no page uses the old one.

   In development (BUILD.dev, the dev server) the page registers no worker;
   this worker then only removes itself, should a build served on the same
   origin have left one behind. */
"use strict";

const BUILD = {"version": "dev", "dev": true, "files": {}};

const SCOPE = new URL("./", self.location.href);
const PREFIX = "whist " + SCOPE.pathname + " ";
const CACHE = PREFIX + BUILD.version;
/* Each cache also holds its own list, path -> hash, under this key (no page
   ever asks for it), so a later version can tell which files it can reuse. */
const LIST = new URL("sw.js?files", SCOPE).href;

/** The site path of a URL of this site ("" is index.html), or null. */
function sitePath(url) {
  const u = new URL(url);
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname)) return null;
  let path = decodeURIComponent(u.pathname.slice(SCOPE.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return Object.prototype.hasOwnProperty.call(BUILD.files, path) ? path : null;
}

async function hashOf(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Each older version's cache with its list of files. */
async function olderCaches() {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const list = await cache.match(LIST);
    if (list) found.push({cache, files: await list.json()});
  }
  return found;
}

/* The response is stored as the network gave it (not rebuilt), so it keeps
   its URL and type. The HTTP cache is tried first: the page has just loaded
   these files, and revalidating them (a 304) would give the WebAssembly a new
   response time, which makes Chromium drop the code it compiled from it (see
   fromHttpCache). Only a file whose hash does not match is fetched again past
   the HTTP cache. */
async function fetchChecked(url, path, hash, found) {
  for (const mode of ["default", "no-cache"]) {
    const response = await fetch(new Request(url, {cache: mode, credentials: "same-origin"}));
    if (!response.ok) throw new Error(`whist: ${path}: HTTP ${response.status}`);
    const got = await hashOf(await response.clone().arrayBuffer());
    if (got === hash) {
      if (mode === "default" && COMPILED.test(path) && fromCache(url)) found.add(path);
      return response;
    }
    if (mode === "no-cache") throw new Error(`whist: ${path} is not the file of version ${BUILD.version} (${got} != ${hash})`);
  }
}

/** Whether the last fetch of url was answered by the HTTP cache (nothing transferred). */
function fromCache(url) {
  const timing = self.performance && performance.getEntriesByName(url).pop();
  return !!timing && timing.transferSize === 0 && timing.decodedBodySize > 0;
}

async function install() {
  const cache = await caches.open(CACHE);
  const older = await olderCaches();
  const inHttpCache = new Set();
  await Promise.all(Object.entries(BUILD.files).map(async ([path, hash]) => {
    const url = new URL(path, SCOPE).href;
    let response = null;
    for (const old of older) {
      if (old.files[path] === hash) response = await old.cache.match(url);
      if (response) {
        if (COMPILED.test(path) && (await httpCopies(old.cache)).includes(path)) inHttpCache.add(path);
        break;
      }
    }
    await cache.put(url, response || (await fetchChecked(url, path, hash, inHttpCache)));
  }));
  await noteHttpCopies(cache, inHttpCache);
  // Last: a cache with a list is complete.
  await cache.put(LIST, new Response(JSON.stringify(BUILD.files), {headers: {"Content-Type": "application/json"}}));
}

/* The WebAssembly (Pyodide, 9.6 MB) starts in a fraction of the time when
   Chromium finds the machine code it compiled on an earlier visit. It keeps
   that code beside the HTTP cache's copy for a response passed through
   unchanged (fetch(), same URL), but for a response from the Cache API only
   once a page has compiled that very copy: answered from our cache alone, the
   second visit would compile it all again (about a second) and only the third
   would start fast. So when the install found the file in the HTTP cache (a
   browser profile in memory keeps no file that large), that copy is passed
   through, if it still is this version's file: the same validator as the copy
   in our cache; only-if-cached never goes to the network, so this works
   offline too. Should the HTTP cache have let it go, our copy is used, from
   then on at once. */
const COMPILED = /\.wasm$/;
/* Each cache's note of its compiled files that the HTTP cache holds. */
const HTTP_COPIES = new URL("sw.js?http-cache", SCOPE).href;

async function httpCopies(cache) {
  const note = await cache.match(HTTP_COPIES);
  return note ? await note.json() : [];
}

async function noteHttpCopies(cache, paths) {
  await cache.put(HTTP_COPIES, new Response(JSON.stringify([...paths]), {headers: {"Content-Type": "application/json"}}));
}

function validator(response) {
  const h = response.headers;
  const modified = h.get("Last-Modified");
  return h.get("ETag") || (modified ? modified + " " + h.get("Content-Length") : null);
}

async function fromHttpCache(url, path, stored, cache) {
  const want = validator(stored);
  const copies = await httpCopies(cache);
  if (!want || !copies.includes(path)) return null;
  try {
    const response = await fetch(new Request(url, {cache: "only-if-cached", mode: "same-origin"}));
    if (response.ok && response.url === url && validator(response) === want) return response;
    if (response.body) response.body.cancel();
  } catch (err) {
    // Gone from the HTTP cache: our copy, now and from now on.
  }
  await noteHttpCopies(cache, copies.filter((p) => p !== path));
  return null;
}

/* Which version each page was loaded with: a new version may take over
   while a page of the old one is still loading its files (the browser hands
   every page to the new worker when it activates), so every request is
   answered from the cache of its page's version, and a version's cache is
   only deleted once none of its pages is left. */
const PAGES = "whist-pages " + SCOPE.pathname;

function pageKey(clientId) {
  return new URL("sw.js?page=" + encodeURIComponent(clientId), SCOPE).href;
}

async function rememberPage(clientId) {
  await (await caches.open(PAGES)).put(pageKey(clientId), new Response(CACHE));
}

async function cacheOfPage(clientId) {
  if (!clientId) return CACHE;
  const found = await caches.match(pageKey(clientId), {cacheName: PAGES});
  const name = found ? await found.text() : CACHE;
  return name === CACHE || (await caches.has(name)) ? name : CACHE;
}

/** Delete the caches of other versions that no open page uses, and what we knew of closed pages.
    Only the active worker does, and never while a new version installs or
    waits: an old worker must not delete the cache of the one replacing it. */
async function cleanUp() {
  const reg = self.registration;
  if (!self.serviceWorker || reg.active !== self.serviceWorker || reg.installing || reg.waiting) return;
  const open = new Set((await self.clients.matchAll({type: "window", includeUncontrolled: true})).map((c) => c.id));
  const pages = await caches.open(PAGES);
  const used = new Set([CACHE]);
  for (const request of await pages.keys()) {
    const id = decodeURIComponent(new URL(request.url).searchParams.get("page") || "");
    if (open.has(id)) used.add(await (await pages.match(request)).text());
    else await pages.delete(request);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !used.has(name)) await caches.delete(name);
  }
}

async function activate() {
  await cleanUp();
  await self.clients.claim();
}

async function respond(event, path) {
  const request = event.request;
  let name = CACHE;
  if (request.mode === "navigate") {
    // The new page is of this version: remember it for its requests.
    if (event.resultingClientId) await rememberPage(event.resultingClientId);
  } else {
    name = await cacheOfPage(event.clientId);
  }
  const url = new URL(path, SCOPE).href;
  const cache = await caches.open(name);
  const response = await cache.match(url);
  if (response && COMPILED.test(path)) return (await fromHttpCache(url, path, response, cache)) || response;
  return response || fetch(request);
}

async function removeSelf() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) || name === PAGES) await caches.delete(name);
  }
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({type: "window"})) client.navigate(client.url);
}

if (BUILD.dev) {
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", (event) => event.waitUntil(removeSelf()));
} else {
  self.addEventListener("install", (event) => event.waitUntil(install()));
  self.addEventListener("activate", (event) => event.waitUntil(activate()));
  self.addEventListener("message", (event) => {
    if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
    /* From a page whose table is up: the page it replaced is gone by now.
       (Not a timer after each navigation: an event kept open that long
       keeps a new version waiting behind it, reload after reload.) */
    if (event.data && event.data.type === "clean-up") event.waitUntil(cleanUp());
  });
  self.addEventListener("fetch", (event) => {
    if (event.request.method !== "GET") return;
    const path = sitePath(event.request.url);
    if (path !== null) event.respondWith(respond(event, path));
  });
}

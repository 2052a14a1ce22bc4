/* The whist service worker: after the first visit the whole site comes from
   one cache, so the game starts with no network.

   serve.py publishes this file at the site root as sw.js (so its scope is the
   whole site, also under a sub-path such as /whist/) and fills in the BUILD
   line: the version (a hash of every file) and each file's content hash.

   - install: every file of this version goes into the cache "whist <scope>
     <version>", fetched past the HTTP cache and checked against its hash (a
     file unchanged since an older version is copied from that version's
     cache); one missing or wrong file fails the install, and the version in
     use stays.
   - fetch: a file of the site is always answered from this version's cache,
     never from the network or another version, so the files of two versions
     never mix. Other URLs go to the network as usual.
   - activate: the caches of other versions are deleted.
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
const HASH_HEADER = "X-Whist-Hash";

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

/** A response of an older version's cache holding exactly this content, if any. */
async function fromOlderCache(url, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await (await caches.open(name)).match(url);
    if (old && old.headers.get(HASH_HEADER) === hash) return old;
  }
  return null;
}

async function fetchChecked(url, path, hash) {
  const response = await fetch(new Request(url, {cache: "no-cache", credentials: "same-origin"}));
  if (!response.ok) throw new Error(`whist: ${path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const got = await hashOf(body);
  if (got !== hash) throw new Error(`whist: ${path} is not the file of version ${BUILD.version} (${got} != ${hash})`);
  const headers = {[HASH_HEADER]: hash};
  const type = response.headers.get("Content-Type");
  if (type) headers["Content-Type"] = type;
  return new Response(body, {status: 200, headers});
}

async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.entries(BUILD.files).map(async ([path, hash]) => {
    const url = new URL(path, SCOPE).href;
    const have = await cache.match(url);
    if (have && have.headers.get(HASH_HEADER) === hash) return;  // an install that stopped half way
    const response = (await fromOlderCache(url, hash)) || (await fetchChecked(url, path, hash));
    await cache.put(url, response);
  }));
}

async function activate() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  await self.clients.claim();
}

async function removeSelf() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX)) await caches.delete(name);
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
  });
  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const path = sitePath(request.url);
    if (path === null) return;
    const url = new URL(path, SCOPE).href;
    event.respondWith(
      caches.open(CACHE)
        .then((cache) => cache.match(url))
        .then((response) => response || fetch(request))
    );
  });
}

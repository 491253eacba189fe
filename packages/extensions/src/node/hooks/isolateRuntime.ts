// The small trusted script that runs first in every extension's isolate. It keeps the hooks'
// default exports in a closure no hook can reach, parses the event inside the isolate, and
// serializes the answer inside the isolate, so only strings ever cross the boundary: the host
// passes no Reference, ExternalCopy or callback into user code.
//
// It captures JSON.parse/stringify before any hook module runs. A hook that later replaces
// globals can only corrupt its own answers, and the host re-checks every answer anyway (type,
// size, JSON, effect schema), so nothing here has to be tamper-proof for the host to be safe.
//
// Protocol, all strings: start(hookId, eventJson, maxChars) runs the hook; microtasks drain
// before applySync returns, so finish() then reports "ok\n<json>", "thrown\n<message>",
// "invalid\n<message>", "large\n<message>", or "pending" for a promise that did not settle.
// Without timers or I/O in the isolate, a promise pending at that point would never settle.
export const ISOLATE_RUNTIME_SOURCE = `(function () {
  'use strict';
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const hooks = Object.create(null);
  let settled = null;
  let current = null;

  // Nothing a hook needs, and each could hold memory or the thread outside the per-call
  // deadline (Atomics.wait, WebAssembly memories allocated outside the JS heap).
  delete globalThis.SharedArrayBuffer;
  delete globalThis.Atomics;
  delete globalThis.WebAssembly;

  function describe(error) {
    try {
      const text = error !== null && typeof error === 'object' && 'message' in error ? error.message : error;
      return String(text).slice(0, 500);
    } catch (_) {
      return 'an error that cannot be printed';
    }
  }

  function encode(value, maxChars) {
    let text;
    try {
      text = stringify(value === undefined ? null : value);
    } catch (error) {
      return 'invalid\\nthe return value is not JSON: ' + describe(error);
    }
    if (typeof text !== 'string') text = 'null';
    if (text.length > maxChars) {
      return 'large\\nthe return value serializes to ' + text.length + ' characters; the limit is ' + maxChars;
    }
    return 'ok\\n' + text;
  }

  return {
    register(hookId, fn) {
      hooks[hookId] = fn;
    },
    start(hookId, eventJson, maxChars) {
      settled = null;
      const token = {};
      current = token;
      const fn = hooks[hookId];
      let returned;
      try {
        returned = fn(parse(eventJson));
      } catch (error) {
        settled = 'thrown\\n' + describe(error);
        return;
      }
      let then;
      try {
        then = returned !== null && (typeof returned === 'object' || typeof returned === 'function') ? returned.then : undefined;
      } catch (error) {
        settled = 'thrown\\n' + describe(error);
        return;
      }
      if (typeof then !== 'function') {
        settled = encode(returned, maxChars);
        return;
      }
      // A settlement arriving during a later call belongs to an earlier one: the token drops it.
      const onValue = (value) => { if (current === token) settled = encode(value, maxChars); };
      const onError = (error) => { if (current === token) settled = 'thrown\\n' + describe(error); };
      try {
        then.call(returned, onValue, onError);
      } catch (error) {
        settled = 'thrown\\n' + describe(error);
      }
    },
    finish() {
      const out = settled === null ? 'pending' : settled;
      settled = null;
      current = null;
      return out;
    },
  };
})()`;

// What the extension uses of undici, without the rest of its index (mocks, caches, WebSocket,
// fetch, interceptors): esbuild aliases `undici` to this file, which cuts the bundle by about half.
// The core client needs Agent (and the request API on every dispatcher); the proxy needs ProxyAgent.
'use strict';

const Dispatcher = require('undici/lib/dispatcher/dispatcher');
const api = require('undici/lib/api');

Object.assign(Dispatcher.prototype, api);

module.exports = {
  Dispatcher,
  Agent: require('undici/lib/dispatcher/agent'),
  ProxyAgent: require('undici/lib/dispatcher/proxy-agent'),
  errors: require('undici/lib/core/errors'),
};

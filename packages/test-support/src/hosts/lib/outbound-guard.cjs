// Loaded into a host's Node processes (code-server, Strapi) with NODE_OPTIONS=--require: every name
// lookup and every connection to an address outside the machine (anything but loopback and the
// hosts in CIRCASSIAN_OUTBOUND_ALLOWED) is written as one line to CIRCASSIAN_OUTBOUND_LOG, which
// the test that started the host reads (host-process.ts). It only records: the attempt goes on and
// fails offline as it would without it, so a host behaves exactly as users run it.
'use strict';
const dns = require('node:dns');
const fs = require('node:fs');
const net = require('node:net');

const file = process.env.CIRCASSIAN_OUTBOUND_LOG;
if (file) {
  const allowed = new Set(['localhost', ...(process.env.CIRCASSIAN_OUTBOUND_ALLOWED || '').split(',').filter(Boolean)]);
  const isLocal = (host) => {
    const name = String(host)
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
    return allowed.has(name) || name.endsWith('.localhost') || /^(::ffff:)?127\./.test(name) || ['::1', '0.0.0.0', '::'].includes(name);
  };
  const record = (what, host, port) => {
    if (host === undefined || host === null || host === '' || isLocal(host)) return;
    const where = port === undefined ? String(host) : `${host}:${port}`;
    try {
      fs.appendFileSync(file, `${what} ${where} (pid ${process.pid}, ${process.argv[1] || process.argv0})\n`);
    } catch {
      // The test that reads the file has gone; nothing to tell.
    }
  };

  const lookup = dns.lookup;
  dns.lookup = function (hostname, ...rest) {
    record('lookup', hostname);
    return lookup.call(this, hostname, ...rest);
  };
  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = function (hostname, ...rest) {
    record('lookup', hostname);
    return promisesLookup.call(this, hostname, ...rest);
  };

  // net.connect, tls.connect, http(s) and undici (fetch) all end in Socket#connect, called with
  // (options), (port, host) or, from net.connect, an array of [options, callback].
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    if (first !== null && typeof first === 'object') {
      if (first.path === undefined) record('connect', first.host || 'localhost', first.port);
    } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
      record('connect', typeof args[1] === 'string' ? args[1] : 'localhost', first);
    }
    return connect.apply(this, args);
  };
}

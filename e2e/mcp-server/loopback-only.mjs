// Preloaded (`node --import`) into a server that listens on every interface when given only a port: a port-only
// listen() binds to the loopback address instead, so the tests open nothing to the network.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const portOnly =
    (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/u.test(args[0]))) &&
    typeof args[1] !== 'string';
  if (portOnly) args.splice(1, 0, '127.0.0.1');
  return listen.apply(this, args);
};

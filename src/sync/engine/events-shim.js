/* oxlint-disable no-this-in-exported-function, react/no-this-in-sfc -- a function constructor, on purpose (see below) */
// A minimal Node-style EventEmitter for PouchDB in the browser (vite.config.ts aliases `events` here). PouchDB's
// browser build imports Node's `events` module, which browsers do not have; it uses on/once/emit/removeListener/
// removeAllListeners/listeners/listenerCount and copies the prototype's enumerable methods onto its constructor,
// so the methods are plain (enumerable) prototype properties of a function constructor, not a class.
export default function EventEmitter() {
  this._events = new Map();
}

function listenersOf(emitter, type) {
  if (!emitter._events) emitter._events = new Map();
  let list = emitter._events.get(type);
  if (!list) emitter._events.set(type, (list = []));
  return list;
}

EventEmitter.prototype.on = function on(type, listener) {
  listenersOf(this, type).push(listener);
  return this;
};
EventEmitter.prototype.addListener = EventEmitter.prototype.on;
EventEmitter.prototype.once = function once(type, listener) {
  const wrapped = (...args) => {
    this.removeListener(type, wrapped);
    listener.apply(this, args);
  };
  wrapped.listener = listener;
  return this.on(type, wrapped);
};
EventEmitter.prototype.removeListener = function removeListener(type, listener) {
  const list = listenersOf(this, type);
  const index = list.findIndex((entry) => entry === listener || entry.listener === listener);
  if (index >= 0) list.splice(index, 1);
  return this;
};
EventEmitter.prototype.off = EventEmitter.prototype.removeListener;
EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
  if (type === undefined) this._events = new Map();
  else listenersOf(this, type).length = 0;
  return this;
};
EventEmitter.prototype.emit = function emit(type, ...args) {
  const list = [...listenersOf(this, type)];
  for (const listener of list) listener.apply(this, args);
  return list.length > 0;
};
EventEmitter.prototype.listeners = function listeners(type) {
  return listenersOf(this, type).map((entry) => entry.listener ?? entry);
};
EventEmitter.prototype.listenerCount = function listenerCount(type) {
  return listenersOf(this, type).length;
};
EventEmitter.prototype.setMaxListeners = function setMaxListeners() {
  return this;
};
EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
EventEmitter.EventEmitter = EventEmitter;

// pouchdb-browser ships no types; the engine uses it through the interface in pouch.ts.
declare module 'pouchdb-browser' {
  const PouchDB: unknown;
  export default PouchDB;
}

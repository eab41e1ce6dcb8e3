// Packages of the test CouchDB server that ship no types. (@types/pouchdb-core is not used: it declares a global
// `Buffer` interface that breaks Node's.)
declare module 'express-pouchdb' {
  import type { RequestHandler } from 'express';
  export default function expressPouchDB(pouch: unknown, options?: Record<string, unknown>): RequestHandler;
}
declare module 'pouchdb-adapter-memory';
declare module 'pouchdb-adapter-http';
declare module 'pouchdb-mapreduce';
declare module 'pouchdb-replication';
declare module 'pouchdb-core' {
  interface TestPouchDatabase {
    allDocs(options: Record<string, unknown>): Promise<unknown>;
  }
  interface TestPouchConstructor {
    new (name: string): TestPouchDatabase;
    plugin(plugin: unknown): TestPouchConstructor;
    defaults(options: Record<string, unknown>): TestPouchConstructor;
  }
  const PouchDB: TestPouchConstructor;
  export default PouchDB;
}

// The app's ids are made in db/ids.ts, where the import worker makes them too.
export { newId } from '../db/ids.ts';

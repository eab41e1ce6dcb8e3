import { SAMPLE_DOCUMENTS, sampleLibraryDocument } from '../../demo/sample-document.ts';
import { services } from '../services.ts';

/**
 * Adds the demo's sample document to the Knowledge library (once: a library already holding it is left as it is)
 * and returns the sample question to ask about it.
 */
export async function addSampleDocument(language: 'en' | 'zh-CN'): Promise<string> {
  const { persistence, newId, now } = services();
  const library = await persistence.knowledge();
  const sample = SAMPLE_DOCUMENTS[language];
  const documents = await library.listDocuments();
  if (!documents.some((document) => document.name === sample.name)) {
    const { document, passages, original } = sampleLibraryDocument(language, newId('kdoc'), now());
    await library.addDocument(document, passages, original);
  }
  return sample.question;
}

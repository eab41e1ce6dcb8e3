/** The span attribute of a search_knowledge call listing every candidate passage with its scores and why it was kept or cut. */
export const KNOWLEDGE_CANDIDATES_ATTRIBUTE = 'knowledge.candidates';

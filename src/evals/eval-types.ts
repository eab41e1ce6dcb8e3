/**
 * The contract between datasets and scorers (src/evals/dataset*, src/evals/scorers/*) and experiments
 * (src/evals/experiment*). Types only.
 */

/** What an item expects of the tools (read from the run's spans by the `Tool expectations` scorer). */
export interface ToolExpectations {
  called?: string[];
  notCalled?: string[];
  /** Tool name → a substring its arguments (JSON text) must contain. */
  calledWith?: Record<string, string>;
  /** Tool names that must be called in this order (others may come between). */
  inOrder?: string[];
  maxSteps?: number;
}

/** A text file of a dataset item: what an attached file is, without the session it was attached to. */
export interface ItemFile {
  name: string;
  mimeType: string;
  text: string;
}

export interface DatasetItem {
  id: string;
  datasetId: string;
  input: string;
  /** Files the run gets as the chat's attached files (`read_file`, `query_data`), kept in the item itself. */
  files?: ItemFile[];
  expected?: string;
  tools?: ToolExpectations;
  tags?: string[];
  createdAt: number;
}

export type ScorerKind = 'exact' | 'contains' | 'regex' | 'numeric' | 'json-schema' | 'tools' | 'javascript' | 'judge';

export interface ScorerConfig {
  kind: ScorerKind;
  enabled: boolean;
  /** regex: the pattern; javascript: the code; judge: the rubric; json-schema: the schema as JSON text. */
  text?: string;
  /** numeric: allowed absolute difference. */
  tolerance?: number;
}

export interface Dataset {
  id: string;
  name: string;
  scorers: ScorerConfig[];
  createdAt: number;
  updatedAt: number;
}

/** Every score is 0–1 with a reason. `pass` is score ≥ the scorer's threshold (1 for exact checks, 0.5 for the judge). */
export interface Score {
  scorer: ScorerKind;
  /** Shown name, e.g. `Exact match`, `LLM judge`. */
  name: string;
  value: number;
  pass: boolean;
  reason: string;
}

/** What a scorer sees of one finished item run. */
export interface ScoreInput {
  item: DatasetItem;
  /** The run's final answer ('' when it had none). */
  answer: string;
  /** Tool calls made, in order, with their argument JSON text (from the run's spans). */
  toolCalls: { name: string; arguments: string }[];
  steps: number;
}

/** The judge's model call: its own span inside the scored run's trace is recorded by the caller's tracer. */
export type JudgeCall = (messages: { role: 'system' | 'user'; content: string }[]) => Promise<string>;

/** Optional for scoring: the language of the reasons (English by default) and Stop. */
export interface ScoreOptions {
  language?: 'en' | 'zh-CN';
  signal?: AbortSignal;
}

export type ScoreRun = (
  input: ScoreInput,
  scorers: readonly ScorerConfig[],
  judge?: JudgeCall,
  options?: ScoreOptions,
) => Promise<Score[]>;

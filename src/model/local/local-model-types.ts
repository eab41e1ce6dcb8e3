/**
 * The contract between the in-browser model runtime (wllama in a worker: src/model/local/*) and its files and
 * settings (OPFS storage, download, Settings). Types only.
 */

/** What the GGUF header says, read without loading the weights. */
export interface GgufInfo {
  /** `general.architecture`, e.g. `llama`. */
  architecture: string;
  name?: string;
  /** e.g. `Q4_K_M`, from `general.file_type`. */
  quantisation?: string;
  parameterCount?: number;
  /** `<arch>.context_length`. */
  contextLength?: number;
  /** `tokenizer.chat_template`, when present. */
  chatTemplate?: string;
  /** For split files: `split.count`. */
  splitCount?: number;
}

/** A model file stored in the Origin Private File System. */
export interface LocalModelFile {
  /** The file name in OPFS (unique); the value of `Model` when this provider is chosen. */
  name: string;
  bytes: number;
  info: GgufInfo;
  /** Set while a download is incomplete (resumable with HTTP Range). */
  partial?: { url: string; received: number; total: number };
}

import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import type { Attachment } from '../tool-context.ts';
import { ToolError } from '../tool-error.ts';

/** `read_file`: the text of a file the user attached to this session (or, without a name, what is attached). */
export const readFileTool = defineTool({
  name: 'read_file',
  description: [
    'Reads the text of a file the user attached to this conversation, by its file name. Use it when the user refers to an',
    'attached file. Without a name it reads the only attached file, or lists the attached files when there are several.',
    'Very long files may be shortened in the middle when shown to you; then read a part with offset and max_chars.',
    'Example: {"name": "report.csv"} or {"name": "notes.md", "offset": 8000, "max_chars": 4000}.',
  ].join(' '),
  schema: z.object({
    name: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('The attached file\'s name, e.g. "data.csv" (case does not matter). Omit it to see what is attached.'),
    offset: z.number().int().min(0).optional().describe('Character offset to start reading at (default 0).'),
    max_chars: z.number().int().min(1).optional().describe('Most characters to return (default: all).'),
  }),
  async execute({ name, offset, max_chars: maxChars }, context) {
    const attachments = await context.attachments.list(context.sessionId);
    if (name === undefined && attachments.length !== 1) return listAttached(attachments);
    const file = name === undefined ? (attachments[0] as Attachment) : findAttachment(attachments, name);
    const start = offset ?? 0;
    if (start > file.text.length) {
      throw new ToolError(`offset ${start} is past the end of ${file.name} (${file.text.length} characters).`);
    }
    const end = maxChars === undefined ? file.text.length : Math.min(file.text.length, start + maxChars);
    const partial = start > 0 || end < file.text.length;
    return {
      name: file.name,
      mime_type: file.mimeType,
      size_bytes: file.size,
      total_chars: file.text.length,
      ...(partial ? { range: { offset: start, end, remaining_chars: file.text.length - end } } : {}),
      content: file.text.slice(start, end),
    };
  },
});

/** What is attached, for a call without a name when there is not exactly one file. */
function listAttached(attachments: readonly Attachment[]): {
  attached_files: { name: string; mime_type: string; size_bytes: number }[];
  note: string;
} {
  if (attachments.length === 0) {
    throw new ToolError(
      'No files are attached to this conversation. Ask the user to attach the file (attach button or drag and drop).',
    );
  }
  const names = [...new Map(attachments.map((attachment) => [attachment.name, attachment])).values()];
  return {
    attached_files: names.map((attachment) => ({
      name: attachment.name,
      mime_type: attachment.mimeType,
      size_bytes: attachment.size,
    })),
    note: 'Several files are attached; call read_file again with the name of the one you need.',
  };
}

/** The newest attachment wins when the same name was attached twice. */
function newest(candidates: Attachment[]): Attachment | undefined {
  return candidates.reduce<Attachment | undefined>(
    (best, candidate) => (!best || candidate.createdAt >= best.createdAt ? candidate : best),
    undefined,
  );
}

/** Finds an attachment by exact name, then case-insensitively; otherwise lists what is attached. */
export function findAttachment(attachments: readonly Attachment[], name: string): Attachment {
  const exact = attachments.filter((attachment) => attachment.name === name);
  const found =
    newest(exact) ?? newest(attachments.filter((attachment) => attachment.name.toLowerCase() === name.toLowerCase()));
  if (found) return found;
  if (attachments.length === 0) {
    throw new ToolError(
      `No file named "${name}": no files are attached to this conversation. Ask the user to attach it.`,
    );
  }
  const names = [...new Set(attachments.map((attachment) => `"${attachment.name}"`))].join(', ');
  throw new ToolError(`No attached file is named "${name}". Attached files: ${names}.`);
}

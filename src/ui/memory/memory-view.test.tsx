// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryTranslate } from '../../i18n/memory.ts';
import type { Note } from '../../tools/tool-context.ts';
import { MemoryView, type MemoryViewProps } from './memory-view.tsx';
import { filterNotes, parseTags } from './note-filter.ts';

afterEach(cleanup);

const notes: Note[] = [
  { id: 'note_1', content: 'The user prefers metric units.', tags: ['preferences'], createdAt: 1, updatedAt: 3 },
  {
    id: 'note_2',
    content: 'Project deadline: Friday noon.',
    tags: ['work'],
    createdAt: 1,
    updatedAt: 2,
    sessionId: 'sess_1',
  },
  { id: 'note_3', content: '用户喜欢喝绿茶。', tags: [], createdAt: 1, updatedAt: 1 },
];

/** The view over a small in-component store, so adds, edits and deletes show up like in the app. */
function Harness(props: Partial<MemoryViewProps> & { initial?: Note[] }) {
  const [items, setItems] = useState<Note[]>(props.initial ?? notes);
  return (
    <MemoryView
      notes={items}
      locale="en-GB"
      onAdd={
        props.onAdd ??
        ((content, tags) =>
          setItems((current) => [
            { id: `note_${current.length + 10}`, content, tags, createdAt: 9, updatedAt: 9 },
            ...current,
          ]))
      }
      onUpdate={
        props.onUpdate ??
        ((id, patch) => setItems((current) => current.map((note) => (note.id === id ? { ...note, ...patch } : note))))
      }
      onDelete={props.onDelete ?? ((id) => setItems((current) => current.filter((note) => note.id !== id)))}
      {...(props.t ? { t: props.t } : {})}
    />
  );
}

function noteTexts(): string[] {
  const list = screen.queryByRole('list', { name: 'Notes' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent ?? '')
    : [];
}

describe('MemoryView', () => {
  it('is a region named Memory listing every note as plain text', () => {
    render(
      <Harness initial={[...notes, { id: 'x', content: '<b>not bold</b>', tags: [], createdAt: 1, updatedAt: 1 }]} />,
    );
    const region = screen.getByRole('region', { name: 'Memory' });
    expect(within(region).getByText('4 notes')).toBeInTheDocument();
    expect(noteTexts()).toEqual([
      'The user prefers metric units.',
      'Project deadline: Friday noon.',
      '用户喜欢喝绿茶。',
      '<b>not bold</b>',
    ]);
    expect(region.querySelector('b')).toBeNull();
    expect(screen.getByText('work')).toBeInTheDocument();
    expect(screen.getAllByText(/Saved by the agent/u)).toHaveLength(1);
  });

  it('filters by text and tags, in English and Chinese', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const search = screen.getByRole('searchbox', { name: 'Search notes' });
    await user.type(search, 'deadline');
    expect(noteTexts()).toEqual(['Project deadline: Friday noon.']);
    await user.clear(search);
    await user.type(search, 'preferences');
    expect(noteTexts()).toEqual(['The user prefers metric units.']);
    await user.clear(search);
    await user.type(search, '绿茶');
    expect(noteTexts()).toEqual(['用户喜欢喝绿茶。']);
    await user.clear(search);
    await user.type(search, 'giraffe');
    expect(screen.getByText('No notes match “giraffe”.')).toBeInTheDocument();
  });

  it('adds a note with comma-separated tags and clears the form', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(<Harness onAdd={onAdd} />);
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'New note' }), '  Call Ana on Monday  ');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'calls, ana，calls');
    await user.click(add);
    expect(onAdd).toHaveBeenCalledWith('Call Ana on Monday', ['calls', 'ana']);
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('');
  });

  it('shows why an add failed and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<Harness onAdd={() => Promise.reject(new Error('The storage quota is full.'))} />);
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Remember this');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The note could not be added: The storage quota is full.',
    );
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('Remember this');
  });

  it('edits a note inline and reports only what changed', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn();
    render(<Harness onUpdate={onUpdate} />);
    const first = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem')[0] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Edit note' }));
    const text = screen.getByRole('textbox', { name: 'Note text' });
    await user.clear(text);
    await user.type(text, 'The user prefers imperial units.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(onUpdate).toHaveBeenCalledWith('note_1', { content: 'The user prefers imperial units.' });
    expect(screen.queryByRole('textbox', { name: 'Note text' })).not.toBeInTheDocument();
  });

  it('cancels an edit without saving', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn();
    render(<Harness onUpdate={onUpdate} />);
    await user.click(screen.getAllByRole('button', { name: 'Edit note' })[1] as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: 'Note tags' }), ', urgent');
    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(onUpdate).not.toHaveBeenCalled();
    expect(noteTexts()).toContain('Project deadline: Friday noon.');
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getAllByRole('button', { name: 'Delete note' })[0] as HTMLElement);
    const confirm = screen.getByRole('group', { name: 'Confirm deletion' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep note' }));
    expect(noteTexts()).toHaveLength(3);

    await user.click(screen.getAllByRole('button', { name: 'Delete note' })[0] as HTMLElement);
    await user.click(
      within(screen.getByRole('group', { name: 'Confirm deletion' })).getByRole('button', { name: 'Delete' }),
    );
    expect(noteTexts()).toEqual(['Project deadline: Friday noon.', '用户喜欢喝绿茶。']);
    expect(screen.getByText('2 notes')).toBeInTheDocument();
  });

  it('speaks Chinese but keeps the English accessible names', () => {
    render(<Harness t={createMemoryTranslate('zh-CN')} initial={[]} />);
    expect(screen.getByRole('heading', { name: '记忆' })).toBeInTheDocument();
    expect(screen.getByText('还没有笔记。可以在下方添加，或让智能体记住某件事。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add note' })).toHaveTextContent('添加笔记');
  });
});

describe('filterNotes and parseTags', () => {
  it('matches every word of the query, case-insensitively', () => {
    expect(filterNotes(notes, 'PROJECT friday').map((note) => note.id)).toEqual(['note_2']);
    expect(filterNotes(notes, 'project monday')).toEqual([]);
    expect(filterNotes(notes, '  ')).toHaveLength(3);
  });

  it('splits tags at Latin and Chinese commas', () => {
    expect(parseTags(' a, b，c、 a ,, ')).toEqual(['a', 'b', 'c']);
  });
});

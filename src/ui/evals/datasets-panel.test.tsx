// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryPersistence } from '../../store/memory-persistence.ts';
import { setServices } from '../../store/services.ts';
import { useAppStore } from '../../store/app-store.ts';
import { emitDatasetsChanged } from '../../evals/dataset-events.ts';
import { DatasetsPanel } from './datasets-panel.tsx';
import { defaultScorers } from './use-datasets.ts';

afterEach(cleanup);

let persistence: ReturnType<typeof createMemoryPersistence>;

beforeEach(() => {
  let id = 0;
  let now = 1_000;
  const newId = (prefix: string) => `${prefix}_${++id}`;
  persistence = createMemoryPersistence({ newId, now: () => (now += 1) });
  setServices({ persistence, fetch: globalThis.fetch, now: () => (now += 1), newId });
});

function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Dataset items' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent ?? ''),
    );
}

async function storedDataset() {
  const store = await persistence.datasets?.();
  const [dataset] = (await store?.list()) ?? [];
  if (!store || !dataset) throw new Error('no dataset stored');
  return { store, dataset };
}

describe('DatasetsPanel', () => {
  it('speaks Chinese with the contract names kept in English', async () => {
    const { settings } = useAppStore.getState();
    useAppStore.setState({ settings: { ...settings, language: 'zh-CN' } });
    try {
      render(<DatasetsPanel />);
      expect(screen.getByRole('button', { name: 'New dataset' }).textContent).toBe('新建数据集');
      expect(await screen.findByText('还没有数据集。新建一个，或在聊天中的消息上使用“添加到数据集”。')).toBeTruthy();
    } finally {
      useAppStore.setState({ settings });
    }
  });

  it('makes a dataset, adds an item by hand and stores both', async () => {
    const user = userEvent.setup();
    render(<DatasetsPanel />);
    await user.click(screen.getByRole('button', { name: 'New dataset' }));
    await user.type(screen.getByRole('textbox', { name: 'Dataset name' }), 'Weather{Enter}');
    const list = screen.getByRole('list', { name: 'Datasets' });
    await waitFor(() => expect(within(list).getByRole('listitem', { name: 'Weather' })).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: 'Input' }), '北京和上海的温差？');
    await user.type(screen.getByRole('textbox', { name: 'Expected output' }), '5 度');
    await user.type(screen.getByRole('textbox', { name: 'Expected tools' }), 'get_weather, calculator');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(rows()).toEqual([['北京和上海的温差？', '5 度']]));

    const { store, dataset } = await storedDataset();
    expect(dataset.name).toBe('Weather');
    expect((await store.items(dataset.id))[0]?.tools).toEqual({ called: ['get_weather', 'calculator'] });
  });

  it('imports a CSV: adds the good lines, reports the bad one by number, keeps what was there', async () => {
    const user = userEvent.setup();
    render(<DatasetsPanel />);
    await user.click(screen.getByRole('button', { name: 'New dataset' }));
    await user.type(screen.getByRole('textbox', { name: 'Dataset name' }), 'Maths{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: 'Input' }), 'kept');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(rows()).toHaveLength(1));

    const csv = 'input,expected,tags\n"(128+374)*2",1004,math\n"bad "quote",1,\n"温差, 北京",5,天气\n';
    await user.upload(
      screen.getByLabelText('Import dataset items'),
      new File([csv], 'items.csv', { type: 'text/csv' }),
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('items.csv: 2 items added.');
    expect(status.textContent).toContain('line 3:');
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['kept', '(128+374)*2', '温差, 北京']));
  });

  it('applies scorer changes at once', async () => {
    const user = userEvent.setup();
    render(<DatasetsPanel />);
    await user.click(screen.getByRole('button', { name: 'New dataset' }));
    await user.type(screen.getByRole('textbox', { name: 'Dataset name' }), 'S{Enter}');
    const group = await screen.findByRole('group', { name: 'Scorers' });
    await user.click(within(group).getByRole('checkbox', { name: 'Regex' }));
    await user.type(within(group).getByRole('textbox', { name: 'Pattern' }), '\\d+');
    await user.click(within(group).getByRole('checkbox', { name: 'LLM judge' }));
    await waitFor(async () => {
      const { dataset } = await storedDataset();
      expect(dataset.scorers.find((scorer) => scorer.kind === 'regex')).toMatchObject({ enabled: true, text: '\\d+' });
      expect(dataset.scorers.find((scorer) => scorer.kind === 'judge')?.enabled).toBe(true);
    });
  });

  it('reads the datasets again when a sync changed them underneath the open panel', async () => {
    render(<DatasetsPanel />);
    await screen.findByText('No datasets yet. Make one, or use “Add to dataset” on a message in the chat.');
    const store = await persistence.datasets?.();
    await store?.save({
      id: 'dataset_sync',
      name: 'From the laptop',
      scorers: defaultScorers(),
      createdAt: 1,
      updatedAt: 1,
    });
    emitDatasetsChanged();
    const list = await screen.findByRole('list', { name: 'Datasets' });
    await waitFor(() => expect(within(list).getByRole('listitem', { name: 'From the laptop' })).toBeTruthy());
  });

  it('adds an item with files, refuses what is not text or too large, and lists the files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<DatasetsPanel />);
    await user.click(screen.getByRole('button', { name: 'New dataset' }));
    await user.type(screen.getByRole('textbox', { name: 'Dataset name' }), 'Files{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: 'Input' }), 'What grew?');
    const picker = screen.getByLabelText('Item files');
    await user.upload(picker, [
      new File(['# Q1\nRevenue grew 12%.'], 'report.md', { type: 'text/markdown' }),
      new File([new Uint8Array([0, 159, 146, 150])], 'photo.png', { type: 'image/png' }),
      new File(['x'.repeat(2_000_001)], 'huge.txt', { type: 'text/plain' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('photo.png is not a text file');
    expect(alert.textContent).toContain('huge.txt would take the item’s files over 2,000,000 characters');
    const chosen = screen.getByRole('list', { name: 'Files of the item' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['report.md×']);
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(rows()).toEqual([['What grew?Files: report.md', '']]));
    const { store, dataset } = await storedDataset();
    expect((await store.items(dataset.id))[0]?.files).toEqual([
      { name: 'report.md', mimeType: 'text/markdown', text: '# Q1\nRevenue grew 12%.' },
    ]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { type Page, PagePromise } from './paginate.js';

type Item = { id: string };

function pages(...ids: string[][]) {
  const fetchPage = vi.fn(async (cursor: string | undefined): Promise<Page<Item>> => {
    const index = cursor === undefined ? 0 : ids.findIndex((page) => page.at(-1) === cursor) + 1;
    const page = ids[index] ?? [];
    const hasMore = index < ids.length - 1;
    return {
      data: page.map((id) => ({ id })),
      has_more: hasMore,
      next_starting_after: hasMore ? page.at(-1)! : null,
    };
  });
  return fetchPage;
}

describe('PagePromise', () => {
  it('awaits to the first page, fetched lazily once', async () => {
    const fetchPage = pages(['a', 'b'], ['c']);
    const list = new PagePromise(fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();
    const page = await list;
    expect(page).toEqual({ data: [{ id: 'a' }, { id: 'b' }], has_more: true, next_starting_after: 'b' });
    await list;
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('iterates across pages, reusing an awaited first page', async () => {
    const fetchPage = pages(['a', 'b'], ['c', 'd'], ['e']);
    const list = new PagePromise(fetchPage);
    await list;
    const ids: string[] = [];
    for await (const item of list) ids.push(item.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, 'b', 'd']);
  });

  it('fetches no further page when the loop stops early', async () => {
    const fetchPage = pages(['a', 'b'], ['c']);
    for await (const item of new PagePromise(fetchPage)) if (item.id === 'a') break;
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('falls back to the last id when has_more comes without a cursor', async () => {
    const fetchPage = vi
      .fn<(cursor: string | undefined) => Promise<Page<Item>>>()
      .mockResolvedValueOnce({ data: [{ id: 'a' }], has_more: true, next_starting_after: null })
      .mockResolvedValueOnce({ data: [{ id: 'b' }], has_more: false, next_starting_after: null });
    const ids: string[] = [];
    for await (const item of new PagePromise(fetchPage)) ids.push(item.id);
    expect(ids).toEqual(['a', 'b']);
    expect(fetchPage).toHaveBeenLastCalledWith('a');
  });

  it('starts after a given cursor and propagates errors', async () => {
    const fetchPage = vi.fn(async () => {
      throw new Error('boom');
    });
    const list = new PagePromise(fetchPage, 'cursor-1');
    await expect(list).rejects.toThrow('boom');
    expect(fetchPage).toHaveBeenCalledWith('cursor-1');
    await expect(list.then(undefined, () => 'handled')).resolves.toBe('handled');
  });
});

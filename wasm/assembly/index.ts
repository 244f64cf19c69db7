// The collector core: the analysis arithmetic shared by the browser worker and the server.
// Memory is managed by the host through alloc/free; no managed (GC) objects cross the boundary.

export { diffIds, diffSorted } from './diff';
export { postMetrics } from './metrics';
export { scoreComments, setSentimentTables } from './sentiment';
export { sortIds } from './sort';

/** Reserves `size` bytes of linear memory for the host to fill; 16-byte aligned. */
export function alloc(size: usize): usize {
  return heap.alloc(size);
}

/** Returns a block from alloc to the heap. */
export function free(ptr: usize): void {
  heap.free(ptr);
}

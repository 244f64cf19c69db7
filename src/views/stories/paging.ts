// spec §9 story page sizes: the first page asks for 6. Later pages ask for 10 with callDB while the
// stored count (the user record's stories_count) is at least 6 and above what is loaded; 4 without
// callDB once the stored count is at least 6 and reached; otherwise 6 without callDB.

export const FIRST_PAGE = 6;

export interface StoryPageRequest {
  size: number;
  callDB: boolean;
}

export function storyPageRequest(firstPage: boolean, storedCount: number, loadedCount: number): StoryPageRequest {
  if (firstPage) return { size: FIRST_PAGE, callDB: false };
  if (storedCount >= 6 && storedCount > loadedCount) return { size: 10, callDB: true };
  if (storedCount >= 6) return { size: 4, callDB: false };
  return { size: 6, callDB: false };
}

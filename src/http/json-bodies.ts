import type { Page } from '../api/page.js';

/** The list wrapper of api-v2.md §2.1, joined from item JSON without parsing it. */
export function listBody(page: Page): string {
  return `{"data":[${page.items.join(',')}],"meta":{"next":${JSON.stringify(page.next)},"previous":${JSON.stringify(page.previous)}}}`;
}

/** The single-object wrapper: both cursors null. */
export function objectBody(json: string): string {
  return `{"data":${json},"meta":{"next":null,"previous":null}}`;
}

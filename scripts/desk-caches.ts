// `npm run build` step: makes what the desk would otherwise make at its first start (the new
// database template, the platform's compiled message validators), so a production start is fast
// from the first one (docs/desk.md#storage).
import { loadMessageValidator } from '../desk/ingest/platform-schema.ts';
import { ensureTemplate } from '../desk/storage/embedded-template.ts';

const template = await ensureTemplate();
await loadMessageValidator();
console.log(
  template === null
    ? 'desk caches: no node_modules/.cache here, the desk will make them as it needs them'
    : `desk caches ready in ${template.slice(0, template.lastIndexOf('/'))}`,
);

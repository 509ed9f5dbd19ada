/** GET /customers/user/export and export.pdf: 'Descargar mis datos' (Ley 25.326 art. 14), as a download. */
import { downloadFile } from '../../../shared/api/download.ts';

export function downloadMyData(format: 'json' | 'pdf'): Promise<boolean> {
  return format === 'json'
    ? downloadFile('/customers/user/export', { fallbackName: 'mis-datos-cubierto.json', site: 45 })
    : downloadFile('/customers/user/export.pdf', { fallbackName: 'mis-datos-cubierto.pdf', site: 46 });
}

import { measureSpa } from '../spa-size.ts';
const r = await measureSpa(process.argv[2]!);
console.log(JSON.stringify({ firstPage: r.firstPageJsGzipKb, css: r.firstPageCssGzipKb, canvas: r.canvasFirstVisitJsGzipKb, files: r.firstPageJsFiles, build: r.buildSeconds }, null, 1));

// Validates a .glb or .gltf with the Khronos glTF validator and exits non-zero on any error.
// Usage: node tests/validate_gltf.mjs FILE [ROOT]
// Resources (a .bin, images) are read from the file's folder, or from below ROOT when given (a
// batch's outputs name the PNGs of its shared textures folder).
// Prints the error/warning counts and every issue of severity error or warning.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const validator = require('gltf-validator');

const file = process.argv[2];
if (!file) {
    console.error('usage: node validate_gltf.mjs FILE.glb|FILE.gltf [ROOT]');
    process.exit(2);
}
const root = path.resolve(process.argv[3] ?? path.dirname(file));

try {
    const bytes = new Uint8Array(await readFile(file));
    const report = await validator.validateBytes(bytes, {
        uri: path.basename(file),
        maxIssues: 0,
        writeTimestamp: false,
        // Resources are looked up next to the file, or below ROOT: a URI leaving it is an error.
        externalResourceFunction: async (uri) => {
            const name = decodeURIComponent(uri);
            const dir = path.resolve(path.dirname(file));
            const target = path.resolve(dir, name);
            const inside = process.argv[3] ? !path.relative(root, target).startsWith('..')
                                           : path.dirname(target) === dir;
            if (!inside)
                throw new Error(`resource outside ${process.argv[3] ? 'ROOT' : "the file's folder"}: ${uri}`);
            return new Uint8Array(await readFile(target));
        },
    });
    const issues = report.issues;
    console.log(`${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ` +
                `${issues.numInfos} infos, ${issues.numHints} hints`);
    for (const m of issues.messages) {
        if (m.severity <= 1)
            console.log(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
    }
    process.exit(issues.numErrors === 0 ? 0 : 1);
} catch (e) {
    console.error(`${file}: validation failed: ${e}`);
    process.exit(1);
}

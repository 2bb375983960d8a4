import packageJson from '../package.json' with { type: 'json' };

export const earshotVersion: string = packageJson.version;

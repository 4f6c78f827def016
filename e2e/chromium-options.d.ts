declare const chromiumOptions: { executablePath: string; args: string[] };
export = chromiumOptions;

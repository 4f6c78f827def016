const path = require('node:path');
const { nodeProject } = require('../tools/jest/preset');

// new password hashes at the cheap cost of a jest worker (config.passwordCost)
module.exports = nodeProject(__dirname, { setup: [path.join(__dirname, '..', 'server', 'src', 'testing', 'password-cost.ts')] });

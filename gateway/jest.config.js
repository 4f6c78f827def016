const { nodeProject } = require('../tools/jest/preset');

module.exports = nodeProject(__dirname);

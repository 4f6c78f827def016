const { browserProject } = require('../tools/jest/preset');

module.exports = browserProject(__dirname);

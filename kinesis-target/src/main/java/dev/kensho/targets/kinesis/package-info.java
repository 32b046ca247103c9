/**
 * Kinesis targets: an emulator installed from npm (default), real AWS by region, another endpoint, or a
 * container; streams are created under the suite's prefix and only the ones this run created are deleted.
 */
package dev.kensho.targets.kinesis;

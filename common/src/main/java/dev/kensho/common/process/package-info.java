/**
 * Child processes the suite starts (redis-server, the HBase mini cluster JVM, the Kinesis emulator) and the
 * guards that stop them however the run ends ({@link dev.kensho.common.process.ChildProcess}), and the temporary
 * folders they use.
 */
package dev.kensho.common.process;

/**
 * Who was the bottleneck of a result: the CPU the server used and the CPU the load generator used in each
 * JMH iteration ({@link dev.kensho.common.cpu.CpuProfiler}, added by the launcher to every run), from
 * probes the targets register when they start ({@link dev.kensho.common.cpu.ServerCpu}), and the verdict
 * drawn from them ({@link dev.kensho.common.cpu.Bottleneck}).
 */
package dev.kensho.common.cpu;

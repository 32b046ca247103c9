/**
 * What a result costs, computed at report time from a run's rows and dated prices: the prices every module
 * reads in one CSV format ({@link dev.kensho.report.cost.Prices}), the interval rules for costs derived from
 * measured rates ({@link dev.kensho.report.cost.Estimate}), ElastiCache node types
 * ({@link dev.kensho.report.cost.CacheNodes}) and the user's sizing targets ({@link dev.kensho.report.cost.Targets}).
 * Every price is an input the suite sets; each module's report section owns its own cost table.
 */
package dev.kensho.report.cost;

package dev.kensho.hbase.meter;

import dev.kensho.common.bench.Case;
import dev.kensho.common.bench.ParamRules;
import dev.kensho.common.bench.ScaleTable;
import dev.kensho.common.Scale;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.TreeMap;

/** Builds a benchmark instance at {@code smoke} scale, as the launcher would, for the sanity tests. */
final class Cases {

    private Cases() {
    }

    /**
     * Sets every smoke-scale param of {@code bench} (first value) from kensho-scale.properties, checks it
     * against the class's RULES and returns the case label for {@code method}.
     */
    static Case smoke(Object bench, String method, ParamRules rules) throws Exception {
        ScaleTable scale = new ScaleTable(Scale.SMOKE);
        Map<String, String> params = new TreeMap<>();
        for (Field f : bench.getClass().getDeclaredFields()) {
            org.openjdk.jmh.annotations.Param p = f.getAnnotation(org.openjdk.jmh.annotations.Param.class);
            if (p == null) {
                continue;
            }
            String[] vs = scale.param(bench.getClass(), f.getName());
            String v = vs != null ? vs[0] : p.value()[0];
            f.setAccessible(true);
            if (f.getType() == int.class) {
                f.setInt(bench, Integer.parseInt(v));
            } else if (f.getType() == LoadClient.class) {
                f.set(bench, LoadClient.valueOf(v));
            } else {
                f.set(bench, v);
            }
            params.put(f.getName(), v);
        }
        rules.check(params);
        rules.preflight();
        return new Case(bench.getClass().getName() + "." + method, params);
    }
}

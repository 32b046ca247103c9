package dev.kensho.launcher.deploy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A manifest checked against the Kubernetes schema as the Kubernetes client library's typed model holds it: the library
 * maps every field the API defines onto a typed property, checks each value's type as it loads, and keeps any field it
 * does not know in the object's {@code additionalProperties} — where a misspelled or misplaced field ends up
 * ({@code backofLimit}, a {@code mountpath}) that the API server would reject or, worse, silently drop. This walks the
 * loaded object graph and returns the path of every such field (empty: every field is one of the schema's).
 */
final class StrictModel {

    private static final String MODEL = "io.fabric8.kubernetes.api.model";

    private StrictModel() {
    }

    static List<String> unknownFields(Object root) {
        List<String> out = new ArrayList<>();
        walk(root, root.getClass().getSimpleName(), out, new IdentityHashMap<>());
        return out;
    }

    private static void walk(Object o, String path, List<String> out, IdentityHashMap<Object, Boolean> seen) {
        if (o == null || seen.put(o, Boolean.TRUE) != null) {
            return;
        }
        if (o instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                walk(e, path + "[" + i++ + "]", out, seen);
            }
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> walk(v, path + "." + k, out, seen));
            return;
        }
        if (!o.getClass().getName().startsWith(MODEL)) {
            return; // a String, a number, an enum: a leaf the library has typed already
        }
        for (Method g : o.getClass().getMethods()) {
            if (g.getParameterCount() != 0 || Modifier.isStatic(g.getModifiers()) || !g.getName().startsWith("get")
                    || g.getDeclaringClass() == Object.class) {
                continue;
            }
            Object v;
            try {
                v = g.invoke(o);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(g + " of " + path, e);
            }
            if (g.getName().equals("getAdditionalProperties")) {
                if (v instanceof Map<?, ?> extra) {
                    extra.keySet().forEach(k -> out.add(path + "." + k));
                }
                continue;
            }
            String name = Character.toLowerCase(g.getName().charAt(3)) + g.getName().substring(4);
            walk(v, path + "." + name, out, seen);
        }
    }
}

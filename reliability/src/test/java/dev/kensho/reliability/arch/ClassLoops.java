package dev.kensho.reliability.arch;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Loops between classes of the suite: groups of top-level classes that reach each other through their dependencies
 * (the strongly connected components of the class graph with more than one member). The package-cycle rule cannot
 * see these: two classes of one package that call each other, or eleven that go round, form no package cycle. A loop
 * means none of its classes can be read, tested or moved without the others.
 *
 * <p>Nested, inner and anonymous classes count as their top-level class, so a class and its builder are one node.
 * Tarjan's algorithm, iterative (a deep recursion over a few hundred classes would be fine, but the import sees
 * libraries' sizes too when a test points it wider).
 */
final class ClassLoops {

    private ClassLoops() {
    }

    /** Each loop as the sorted names of its top-level classes, largest loop first. */
    static List<Set<String>> of(JavaClasses classes) {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (JavaClass c : classes) {
            if (!Architecture.SUITE.test(c)) {
                continue;
            }
            String from = topLevel(c);
            Set<String> out = edges.computeIfAbsent(from, k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass t = d.getTargetClass();
                if (Architecture.SUITE.test(t) && classes.contain(t.getName())) {
                    String to = topLevel(t);
                    if (!to.equals(from)) {
                        out.add(to);
                    }
                }
            }
        }
        List<Set<String>> loops = new ArrayList<>();
        for (Set<String> component : components(edges)) {
            if (component.size() > 1) {
                loops.add(component);
            }
        }
        loops.sort(Comparator.<Set<String>>comparingInt(Set::size).reversed().thenComparing(Object::toString));
        return loops;
    }

    /**
     * Fails when the classes hold more loops, or more classes in loops, than the limits: the limits are today's
     * counts, written beside the rule in {@link ArchitectureTest}, so they can only fall.
     */
    static void check(JavaClasses classes, int maxLoops, int maxClasses) {
        List<Set<String>> loops = of(classes);
        int in = classesIn(loops);
        if (loops.size() > maxLoops || in > maxClasses) {
            StringBuilder m = new StringBuilder("class loops grew: " + loops.size() + " loops over " + in
                    + " classes (limit " + maxLoops + " over " + maxClasses + "):");
            loops.forEach(l -> m.append("\n  ").append(l.size()).append(": ").append(l));
            throw new AssertionError(m.toString());
        }
    }

    /** How many classes lie in some loop. */
    static int classesIn(List<Set<String>> loops) {
        return loops.stream().mapToInt(Set::size).sum();
    }

    private static String topLevel(JavaClass c) {
        JavaClass top = c;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top.getName();
    }

    /** Tarjan's strongly connected components, without recursion. */
    private static List<Set<String>> components(Map<String, Set<String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] next = {0};
        for (String root : edges.keySet()) {
            if (index.containsKey(root)) {
                continue;
            }
            Deque<Map.Entry<String, java.util.Iterator<String>>> work = new ArrayDeque<>();
            visit(root, index, low, stack, onStack, next, work, edges);
            while (!work.isEmpty()) {
                Map.Entry<String, java.util.Iterator<String>> top = work.peek();
                String v = top.getKey();
                if (top.getValue().hasNext()) {
                    String w = top.getValue().next();
                    if (!index.containsKey(w)) {
                        visit(w, index, low, stack, onStack, next, work, edges);
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = work.peek().getKey();
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> component = new TreeSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        component.add(w);
                    } while (!w.equals(v));
                    out.add(component);
                }
            }
        }
        return out;
    }

    private static void visit(String v, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
                              Set<String> onStack, int[] next, Deque<Map.Entry<String, java.util.Iterator<String>>> work,
                              Map<String, Set<String>> edges) {
        index.put(v, next[0]);
        low.put(v, next[0]);
        next[0]++;
        stack.push(v);
        onStack.add(v);
        work.push(Map.entry(v, edges.getOrDefault(v, Set.of()).iterator()));
    }
}

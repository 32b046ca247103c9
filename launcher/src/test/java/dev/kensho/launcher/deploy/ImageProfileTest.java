package dev.kensho.launcher.deploy;

import dev.kensho.common.Settings;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code -Pimage} profile as the parent pom declares it: Jib's {@code buildTar} (no Docker daemon), an OCI
 * image whose entry point is the launcher, bound to {@code package} only inside the profile, so a plain
 * {@code mvn verify} never builds an image. (Building it takes minutes: the command in docs/sharding.md does that.)
 */
class ImageProfileTest {

    @Test
    void imageProfileBuildsAnOciTarWithTheLauncherAndOnlyWhenAsked() throws Exception {
        Path root = Settings.root();
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(root.resolve("pom.xml").toFile());
        Element image = null;
        NodeList profiles = pom.getElementsByTagName("profile");
        for (int i = 0; i < profiles.getLength(); i++) {
            Element p = (Element) profiles.item(i);
            if ("image".equals(text(p, "id"))) {
                image = p;
            }
        }
        assertNotNull(image, "profile image");
        Element jib = null;
        NodeList plugins = pom.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element p = (Element) plugins.item(i);
            if ("jib-maven-plugin".equals(text(p, "artifactId"))) {
                assertNull(jib, "Jib is declared once");
                jib = p;
            }
        }
        assertNotNull(jib);
        assertTrue(isInside(jib, image), "Jib only in the image profile: mvn verify builds no image");
        assertEquals("${jib-plugin.version}", text(jib, "version"));
        assertEquals("3.5.2", text((Element) pom.getElementsByTagName("properties").item(0), "jib-plugin.version"));
        assertEquals("buildTar", text(jib, "goal"));
        assertEquals("package", text(jib, "phase"));
        assertEquals("OCI", text(jib, "format"));
        String main = text(jib, "mainClass");
        assertNotNull(Class.forName(main).getMethod("main", String[].class));
        assertTrue(text(jib, "image").contains("${image.base}"), "the base image is a property (tar:// without a registry)");
        assertTrue(Files.isExecutable(root.resolve("deploy/image/local-base.sh")));
    }

    private static boolean isInside(Node n, Node ancestor) {
        for (Node p = n.getParentNode(); p != null; p = p.getParentNode()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static String text(Element e, String tag) {
        NodeList l = e.getElementsByTagName(tag);
        return l.getLength() == 0 ? null : l.item(0).getTextContent().trim();
    }
}

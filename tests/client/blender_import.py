# Imports exported files into Blender and checks what Blender makes of them against a manifest
# the C++ side wrote (tests/client/blender_client.cpp):
#
#   blender -b --factory-startup --python tests/client/blender_import.py -- MANIFEST.json
#
# The manifest lists cases: {"file", "format", "expect": {"objects", "faces", "materials",
# "skin": {"objects", "joints", "weightedJoints"} | null, "shapeKeys": [{"names", "maxDeltas"}]}}.
# A scene case has "scene": {"instances": [[x, y, z]...], "meshData": n, "empties": [{"name",
# "location"}]} instead of "expect": one mesh object per instance at those locations (Blender's
# frame), sharing n mesh data blocks, and an empty per missing model.
# A case may also have "textures": [{"material", "baseColor": {"width", "height", "texels"},
# "normal": {...}}]: the material's Principled BSDF must take its Base Color from an Image Texture
# node whose image has that size and those texels (8-bit RGBA, top-left first), and, when "normal"
# is given, its Normal from a Normal Map node fed by an Image Texture node holding that image.
# One line per case ("ok" or "FAIL" with what differs), then a summary; exit code 1 when a case
# fails or cannot be imported. Blender ignores a script's uncaught exceptions (exit code 0), so
# every failure is caught here and turned into the exit code.
import json
import sys
import traceback

# Blender 3.4's glTF importer still says numpy.bool, which numpy 1.24 (Debian 12) removed.
try:
    import numpy
except ImportError:
    print("blender_import: Blender's Python has no numpy (Debian: apt-get install python3-numpy)")
    sys.exit(1)
if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy  # noqa: E402  (after the numpy fix, which the glTF importer needs at import time)

TOLERANCE = 1e-4


def import_file(path, fmt):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    if fmt in ("glb", "gltf"):
        result = bpy.ops.import_scene.gltf(filepath=path)
    elif fmt == "fbx":
        result = bpy.ops.import_scene.fbx(filepath=path)
    elif fmt == "obj":
        result = bpy.ops.wm.obj_import(filepath=path)
    else:
        raise ValueError("no importer for " + fmt)
    if "FINISHED" not in result:
        raise RuntimeError("the importer returned " + str(result))


def measure():
    """What the imported scene holds, in the manifest's terms."""
    meshes = [o for o in bpy.context.scene.objects if o.type == "MESH"]
    armatures = [o for o in bpy.context.scene.objects if o.type == "ARMATURE"]
    materials = {s.material.name for o in meshes for s in o.material_slots if s.material}
    skinned = [o for o in meshes if any(m.type == "ARMATURE" and m.object for m in o.modifiers)]
    unweighted = sum(
        1 for o in skinned for v in o.data.vertices if not any(g.weight > 0 for g in v.groups)
    )
    shape_keys = []
    for o in meshes:
        if not o.data.shape_keys:
            continue
        blocks = o.data.shape_keys.key_blocks
        basis = blocks[0]
        names, deltas = [], []
        for key in blocks[1:]:
            names.append(key.name)
            deltas.append(max((key.data[i].co - basis.data[i].co).length for i in range(len(basis.data))))
        shape_keys.append({"names": names, "maxDeltas": deltas})
    return {
        "objects": len(meshes),
        "faces": sum(len(o.data.polygons) for o in meshes),
        "materials": len(materials),
        "armatures": len(armatures),
        "bones": sorted(b.name for a in armatures for b in a.data.bones),
        "skinnedObjects": len(skinned),
        "unweightedVertices": unweighted,
        "shapeKeys": shape_keys,
    }


def compare(expect, got):
    """The differences, each one line; empty when Blender shows what was expected."""
    problems = []
    for key in ("objects", "faces", "materials"):
        if got[key] != expect[key]:
            problems.append("%s: %d, expected %d" % (key, got[key], expect[key]))
    skin = expect.get("skin")
    if skin:
        if got["armatures"] < 1:
            problems.append("no armature")
        if got["skinnedObjects"] != skin["objects"]:
            problems.append(
                "objects with an armature modifier: %d, expected %d" % (got["skinnedObjects"], skin["objects"])
            )
        if got["unweightedVertices"]:
            problems.append("%d vertices of skinned objects have no weight" % got["unweightedVertices"])
        bones = set(got["bones"])
        missing = sorted(set(skin["weightedJoints"]) - bones)
        unknown = sorted(bones - set(skin["joints"]))
        if missing:
            problems.append("joints with weights missing as bones: " + ", ".join(missing))
        if unknown:
            problems.append("bones that are no joint: " + ", ".join(unknown))
    elif got["armatures"] or got["skinnedObjects"]:
        problems.append("an armature where none was expected")

    # Shape keys per object, matched without object names: sorted by their names.
    def order(entries):
        return sorted(entries, key=lambda e: (e["names"], e["maxDeltas"]))

    want, have = order(expect["shapeKeys"]), order(got["shapeKeys"])
    if [e["names"] for e in want] != [e["names"] for e in have]:
        problems.append(
            "shape keys %s, expected %s" % ([e["names"] for e in have], [e["names"] for e in want])
        )
    else:
        for w, h in zip(want, have):
            for name, a, b in zip(w["names"], w["maxDeltas"], h["maxDeltas"]):
                if abs(a - b) > TOLERANCE:
                    problems.append("shape key %s moves up to %.6f, expected %.6f" % (name, b, a))
    return problems


def image_problems(label, image, want):
    """How `image` (a Blender image) differs from `want`'s size and texels."""
    if tuple(image.size) != (want["width"], want["height"]):
        return ["%s: %dx%d, expected %dx%d" % (label, image.size[0], image.size[1], want["width"], want["height"])]
    pixels = list(image.pixels)
    width, height = want["width"], want["height"]
    for i, texel in enumerate(want["texels"]):
        x, y = i % width, i // width
        at = ((height - 1 - y) * width + x) * 4  # Blender's rows run from the bottom up
        got = [round(v * 255) for v in pixels[at:at + 4]]  # an 8-bit image's texels, as floats
        if got != list(texel):
            return ["%s: texel (%d, %d) is %s, expected %s" % (label, x, y, got, texel)]
    return []


def upstream(socket, kind):
    """The first node of type `kind` feeding `socket`, through any nodes between."""
    seen = set()
    todo = [link.from_node for link in socket.links]
    while todo:
        node = todo.pop(0)
        if node.name in seen:
            continue
        seen.add(node.name)
        if node.type == kind:
            return node
        for given in node.inputs:
            todo.extend(link.from_node for link in given.links)
    return None


def compare_textures(expect):
    """Each material's Base Color (and Normal) fed by an Image Texture node of the texture."""
    problems = []
    for want in expect:
        material = next((m for m in bpy.data.materials if m.name.split(".")[0] == want["material"]), None)
        if material is None or not material.node_tree:
            problems.append("no material %s with nodes" % want["material"])
            continue
        bsdf = next((n for n in material.node_tree.nodes if n.type == "BSDF_PRINCIPLED"), None)
        if bsdf is None:
            problems.append("%s: no Principled BSDF" % want["material"])
            continue
        base = bsdf.inputs["Base Color"]
        source = base.links[0].from_node if base.links else None
        if source is None or source.type != "TEX_IMAGE" or source.image is None:
            problems.append("%s: Base Color is not linked from an Image Texture node (%s)"
                            % (want["material"], source.type if source else "not linked"))
        else:
            problems += image_problems(want["material"] + " base colour", source.image, want["baseColor"])
        if "normal" in want:
            normal_map = upstream(bsdf.inputs["Normal"], "NORMAL_MAP")
            image = upstream(normal_map.inputs["Color"], "TEX_IMAGE") if normal_map else None
            if image is None or image.image is None:
                problems.append("%s: Normal is not fed by a Normal Map node of an Image Texture" % want["material"])
            else:
                problems += image_problems(want["material"] + " normal", image.image, want["normal"])
    return problems


def compare_scene(expect):
    """A placed scene: objects, shared mesh data and locations, within TOLERANCE metres."""
    meshes = [o for o in bpy.context.scene.objects if o.type == "MESH"]
    problems = []
    if len(meshes) != len(expect["instances"]):
        problems.append("%d mesh objects, expected %d" % (len(meshes), len(expect["instances"])))
    blocks = {o.data.name for o in meshes}
    if len(blocks) != expect["meshData"]:
        problems.append("%d mesh data blocks, expected %d (linked duplicates)" % (len(blocks), expect["meshData"]))
    free = [tuple(o.matrix_world.translation) for o in meshes]
    for want in expect["instances"]:
        best = min(free, key=lambda p: max(abs(a - b) for a, b in zip(p, want)), default=None)
        if best is None or max(abs(a - b) for a, b in zip(best, want)) > TOLERANCE:
            problems.append("no object at %s (nearest %s)" % (want, best))
        else:
            free.remove(best)
    empties = [o for o in bpy.context.scene.objects if o.type == "EMPTY"]
    for want in expect["empties"]:
        named = [o for o in empties if o.name.split(".")[0] == want["name"]]
        if not named:
            problems.append("no empty named " + want["name"])
        elif max(abs(a - b) for a, b in zip(named[0].matrix_world.translation, want["location"])) > TOLERANCE:
            problems.append("the empty %s is at %s" % (want["name"], tuple(named[0].matrix_world.translation)))
    return problems, "%d objects sharing %d mesh, each at its record" % (len(meshes), len(blocks))


def error_text(error):
    """An importer's failure in one line: bpy wraps the importer's traceback in its message, so
    the message's last lines (the failing statement and the exception) say what went wrong."""
    lines = [
        line.strip()
        for line in str(error).splitlines()
        if line.strip(" ^~") and not line.strip().startswith("Location:")  # not the ^^^ markers
    ]
    return " | ".join(lines[-3:]) if lines else type(error).__name__


def main():
    manifest = json.load(open(sys.argv[sys.argv.index("--") + 1]))
    failed = 0
    for case in manifest["cases"]:
        label = case["file"].rsplit("/", 1)[-1]
        summary = None
        try:
            import_file(case["file"], case["format"])
            if "scene" in case:
                problems, summary = compare_scene(case["scene"])
            else:
                got = measure()
                problems = compare(case["expect"], got)
                if case.get("textures"):
                    problems += compare_textures(case["textures"])
        except Exception as e:
            problems = ["import failed: " + error_text(e)]
        if problems:
            failed += 1
            print("FAIL %s: %s" % (label, "; ".join(problems)))
        elif summary:
            print("ok   %s: %s" % (label, summary))
        else:
            skin = "%d bones, every skinned vertex weighted" % len(got["bones"]) if case["expect"].get("skin") else ""
            keys = sum(len(e["names"]) for e in got["shapeKeys"])
            textures = ", textured as written" if case.get("textures") else ""
            print(
                "ok   %s: %d objects, %d faces, %d materials%s%s%s"
                % (label, got["objects"], got["faces"], got["materials"],
                   ", " + skin if skin else "", ", %d shape keys" % keys if keys else "", textures)
            )
    total = len(manifest["cases"])
    print("blender_import: %d of %d imports as expected" % (total - failed, total))
    sys.exit(1 if failed or total == 0 else 0)


try:
    main()
except SystemExit:
    raise
except Exception:
    traceback.print_exc()
    sys.exit(1)

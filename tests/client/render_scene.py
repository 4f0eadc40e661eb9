# Renders an exported glTF scene headless, for the documentation's picture of a placed cell:
#
#   build/release/src/cli/assetscope-cli export CELL/*.pgeo --models MODELS -o /tmp/cell.glb
#   blender -b --factory-startup --python tests/client/render_scene.py -- /tmp/cell.glb OUT.png
#
# A sun, a sky-grey world, a ground plane and a camera looking down at the scene's bounds from the
# south-east; Cycles on the CPU, so no display or GPU is needed.
import math
import sys

try:
    import numpy
    if not hasattr(numpy, "bool"):  # Blender 3.4's glTF importer still says numpy.bool
        numpy.bool = bool
except ImportError:
    pass

import bpy  # noqa: E402
from mathutils import Vector  # noqa: E402

glb, png = sys.argv[sys.argv.index("--") + 1:][:2]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=glb)
scene = bpy.context.scene

corners = [o.matrix_world @ Vector(c) for o in scene.objects if o.type == "MESH" for c in o.bound_box]
lo = Vector(tuple(min(c[k] for c in corners) for k in range(3)))
hi = Vector(tuple(max(c[k] for c in corners) for k in range(3)))
centre, size = (lo + hi) / 2, max((hi - lo).length, 1.0)

bpy.ops.mesh.primitive_plane_add(size=size * 4, location=(centre.x, centre.y, lo.z))
ground = bpy.context.object
ground.data.materials.append(bpy.data.materials.new("ground"))
ground.data.materials[0].diffuse_color = (0.35, 0.38, 0.33, 1)

bpy.ops.object.light_add(type="SUN", rotation=(math.radians(50), math.radians(10), math.radians(35)))
bpy.context.object.data.energy = 4
world = bpy.data.worlds.new("sky")
world.color = (0.55, 0.62, 0.7)
scene.world = world

direction = Vector((0.9, -1.1, 0.75)).normalized()
bpy.ops.object.camera_add(location=centre + direction * size * 1.6)
camera = bpy.context.object
camera.rotation_euler = (centre - camera.location).to_track_quat("-Z", "Y").to_euler()
scene.camera = camera

scene.render.engine = "CYCLES"
scene.cycles.device = "CPU"
scene.cycles.samples = 32
scene.cycles.use_denoising = False
scene.render.resolution_x, scene.render.resolution_y = 960, 540
scene.render.filepath = png
bpy.ops.render.render(write_still=True)
print("render_scene: wrote", png)

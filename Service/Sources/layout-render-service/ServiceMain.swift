import Foundation
import LayoutRenderService

/// `layout-render-service [options]` serves renders over HTTP; `layout-render-service
/// worker …` is one of its render worker processes, started by the server itself.
@main
enum ServiceMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "worker" {
            exit(RenderWorker.main(arguments: Array(arguments.dropFirst())))
        }
        await ServeCommand.main()
    }
}
